-- Health numbers of each release (docs/releases.md, "What each number means"): per minute, remote, release and
-- metric, the count, sum and histogram of what visitors' pages and the render servers reported; never raw events.
CREATE TABLE "telemetry_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"metric" text NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	"buckets" integer[],
	CONSTRAINT "telemetry_minutes_remote_minute_release_metric_pk" PRIMARY KEY("remote","minute","release","metric")
);
--> statement-breakpoint
CREATE INDEX "telemetry_minutes_minute_idx" ON "telemetry_minutes" USING btree ("minute");