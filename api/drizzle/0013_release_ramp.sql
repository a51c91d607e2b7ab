-- A canary's verdict and ramp (docs/releases.md, "The verdict" and "The ramp"): when it became the canary and when its share
-- last changed, and the ramp a release names. A canary from before this is taken as a canary since it was registered.
ALTER TABLE "releases" ADD COLUMN "canary_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "share_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "ramp_steps" integer[];--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "ramp_every_ms" integer;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_ramp_check" CHECK (("releases"."ramp_steps" is null) = ("releases"."ramp_every_ms" is null));--> statement-breakpoint
UPDATE "releases" SET "canary_since" = "created_at", "share_since" = "updated_at" WHERE "status" = 'canary';
