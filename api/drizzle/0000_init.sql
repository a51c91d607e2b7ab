CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"img" text NOT NULL,
	"current_price" numeric(12, 2) NOT NULL,
	"car_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"transaction_id" text,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"car_name" text NOT NULL,
	"img" text NOT NULL,
	"current_price" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"purchase_year" text NOT NULL,
	"condition" text NOT NULL,
	"contact" text NOT NULL,
	"details" text NOT NULL,
	"location" text NOT NULL,
	"used" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"time" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	CONSTRAINT "cars_category_check" CHECK ("cars"."category" in ('audi', 'honda', 'mercedes')),
	CONSTRAINT "cars_status_check" CHECK ("cars"."status" in ('available', 'booked', 'sold'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "payments_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"identity_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_identity_uid_unique" UNIQUE("identity_uid"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('Buyer', 'Seller', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_car_buyer_idx" ON "bookings" USING btree ("car_id","buyer_id");--> statement-breakpoint
CREATE INDEX "bookings_buyer_idx" ON "bookings" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "cars_category_newest_idx" ON "cars" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "cars_category_price_idx" ON "cars" USING btree ("category","current_price","id");--> statement-breakpoint
CREATE INDEX "cars_category_year_idx" ON "cars" USING btree ("category","purchase_year","id");--> statement-breakpoint
CREATE INDEX "cars_category_status_idx" ON "cars" USING btree ("category","status","created_at");--> statement-breakpoint
CREATE INDEX "cars_category_seller_idx" ON "cars" USING btree ("category","seller_name");--> statement-breakpoint
CREATE INDEX "cars_seller_id_idx" ON "cars" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","name");