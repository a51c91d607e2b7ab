-- The verdict counts browser numbers per visitor network (docs/releases.md, "What is trusted and why"): each network's page views and errors per
-- release and hour, capped at one visitor's worth; error groups ranked by the networks that report them; a canary's suspect notice sent once.
CREATE TABLE "telemetry_networks" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"network" text NOT NULL,
	"views" integer NOT NULL,
	"errors" integer NOT NULL,
	"lcp" integer NOT NULL,
	"inp" integer NOT NULL,
	CONSTRAINT "telemetry_networks_remote_release_hour_network_pk" PRIMARY KEY("remote","release","hour","network")
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "suspect_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "telemetry_error_groups" ADD COLUMN "networks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_error_groups" ADD COLUMN "opened_by" text;--> statement-breakpoint
CREATE INDEX "telemetry_networks_hour_idx" ON "telemetry_networks" USING btree ("hour");