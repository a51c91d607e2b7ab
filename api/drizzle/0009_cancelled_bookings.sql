-- A booking whose listing its seller ended unpaid is kept, cancelled, with how the listing ended (docs/product.md, "My Orders").
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason_check" CHECK ("bookings"."cancel_reason" in ('withdrawn', 'soldElsewhere'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_check" CHECK (("bookings"."cancelled_at" is null) = ("bookings"."cancel_reason" is null) and not ("bookings"."paid" and "bookings"."cancel_reason" is not null));