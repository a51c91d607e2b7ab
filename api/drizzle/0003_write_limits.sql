-- What the write limits count (api/src/features/limits): one row per accepted listing, booking,
-- payment intent or registration, in the database so that every API instance counts the same writes.
CREATE TABLE "write_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "write_events_subject_idx" ON "write_events" USING btree ("action","subject","at");--> statement-breakpoint
CREATE INDEX "write_events_at_idx" ON "write_events" USING btree ("at");