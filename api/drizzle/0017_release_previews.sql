-- Previews (docs/releases.md, "Previews"): a release registered with the status `preview` is served to nobody but the holders of its
-- preview links; a local link lets one browser load a remote from its team's dev server. Links stay after they expire or are withdrawn.
CREATE TABLE "preview_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" text NOT NULL,
	"kind" text NOT NULL,
	"version" text,
	"dev_url" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"browser_hash" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	CONSTRAINT "preview_links_kind_check" CHECK (("preview_links"."kind" = 'release' and "preview_links"."version" is not null) or ("preview_links"."kind" = 'local' and "preview_links"."dev_url" is not null))
);
--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_status_check";--> statement-breakpoint
CREATE INDEX "preview_links_release_idx" ON "preview_links" USING btree ("remote","version");--> statement-breakpoint
CREATE INDEX "preview_links_expires_idx" ON "preview_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_status_check" CHECK ("releases"."status" in ('live', 'canary', 'retired', 'rolled_back', 'preview'));