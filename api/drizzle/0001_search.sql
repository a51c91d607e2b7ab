-- Text search over the brand lists (?q= and ?location=): trigram GIN indexes serve ILIKE '%text%'
-- at any catalog size. pg_trgm is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_search_trgm_idx" ON "cars" USING gin (("car_name" || ' ' || "details" || ' ' || "location") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_location_trgm_idx" ON "cars" USING gin ("location" gin_trgm_ops);
