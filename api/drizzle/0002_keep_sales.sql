-- Deleting an account keeps its sales: a paid booking outlives its buyer and a sold car its seller,
-- their reference set to NULL. What does go is deleted explicitly by the API (users/service.ts deleteUser).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_buyer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "cars" DROP CONSTRAINT "cars_seller_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "buyer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "seller_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;