-- When each release last went live (docs/releases.md, "Rollback"): a rollback goes back only to a release that was.
-- The history before this column did not record it: the live release, and a retired one whose reason says a
-- promote replaced it, are taken as once live; other retired releases (canaries among them) are not.
ALTER TABLE "releases" ADD COLUMN "live_at" timestamp with time zone;--> statement-breakpoint
UPDATE "releases" SET "live_at" = "updated_at" WHERE "status" = 'live' OR ("status" = 'retired' AND "reason" LIKE 'replaced by % (promoted by %)');
