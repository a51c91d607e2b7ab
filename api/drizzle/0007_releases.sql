-- The release registry (docs/releases.md): each remote's releases, live and canary at most one each, and the
-- deploy tokens that may release one remote (only their hashes).
CREATE TABLE "deploy_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"remote" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "deploy_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"commit" text,
	"built_at" timestamp with time zone,
	"released_by" text NOT NULL,
	"preflight" text NOT NULL,
	"status" text NOT NULL,
	"share" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_status_check" CHECK ("releases"."status" in ('live', 'canary', 'retired', 'rolled_back')),
	CONSTRAINT "releases_share_check" CHECK (("releases"."status" = 'canary') = ("releases"."share" is not null) and ("releases"."share" is null or "releases"."share" between 1 and 99))
);
--> statement-breakpoint
CREATE INDEX "deploy_tokens_remote_idx" ON "deploy_tokens" USING btree ("remote");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_version_idx" ON "releases" USING btree ("remote","version");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_live_idx" ON "releases" USING btree ("remote") WHERE "releases"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "releases_canary_idx" ON "releases" USING btree ("remote") WHERE "releases"."status" = 'canary';--> statement-breakpoint
CREATE INDEX "releases_history_idx" ON "releases" USING btree ("remote","created_at");