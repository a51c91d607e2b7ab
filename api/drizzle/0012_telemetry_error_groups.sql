-- Errors with their words (docs/releases.md, "Errors"): errors alike grouped per remote and release, and the
-- releases' source maps, kept in the database so that they are never served.
CREATE TABLE "release_source_maps" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"map" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_source_maps_remote_version_path_pk" PRIMARY KEY("remote","version","path")
);
--> statement-breakpoint
CREATE TABLE "telemetry_error_groups" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"screen" text NOT NULL,
	"frames" jsonb NOT NULL,
	"count" bigint NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_error_groups_remote_release_fingerprint_pk" PRIMARY KEY("remote","release","fingerprint")
);
--> statement-breakpoint
CREATE INDEX "telemetry_error_groups_last_seen_idx" ON "telemetry_error_groups" USING btree ("last_seen");