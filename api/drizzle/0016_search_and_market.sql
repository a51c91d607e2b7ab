-- Search, facets and the market's deal ratings (docs/api.md, "Search and facets" and "Deal ratings"): the facts
-- buyers filter on, a weighted full-text document, the vocabulary typos are corrected against, the market's estimate
-- per car, and saved searches that keep the facets' picks (their one year moves into them).
CREATE TABLE "market_dirty" (
	"model_key" text NOT NULL,
	"purchase_year" text NOT NULL,
	CONSTRAINT "market_dirty_model_key_purchase_year_pk" PRIMARY KEY("model_key","purchase_year")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "mileage" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "fuel" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "gearbox" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "previous_owners" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_dropped" boolean GENERATED ALWAYS AS (coalesce((price_history->-1->>'price')::numeric < (price_history->-2->>'price')::numeric, false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "model_key" text GENERATED ALWAYS AS (category || ':' || lower(regexp_replace(btrim(car_name), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', car_name), 'A') || setweight(to_tsvector('english', location), 'B') || setweight(to_tsvector('english', details), 'C') || setweight(to_tsvector('simple', purchase_year), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "market_estimate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "market_comparables" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "deal_rating" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "deal_ratio" real;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "facets" jsonb;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "words" jsonb;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cars_search_idx" ON "cars" USING gin ("search");--> statement-breakpoint
CREATE INDEX "cars_market_idx" ON "cars" USING btree ("model_key","purchase_year","mileage");--> statement-breakpoint
CREATE INDEX "cars_category_deal_idx" ON "cars" USING btree ("category",coalesce(deal_ratio, 'Infinity'::real),"id");--> statement-breakpoint
UPDATE "saved_searches" SET "facets" = jsonb_build_object('year', jsonb_build_array("year")) WHERE "year" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "year";--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_fuel_check" CHECK ("cars"."fuel" in ('petrol', 'diesel', 'hybrid', 'electric'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_gearbox_check" CHECK ("cars"."gearbox" in ('manual', 'automatic'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_body_check" CHECK ("cars"."body" in ('saloon', 'hatchback', 'estate', 'suv', 'coupe', 'convertible', 'van'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_deal_rating_check" CHECK ("cars"."deal_rating" in ('great', 'good', 'fair', 'high', 'overpriced'));--> statement-breakpoint
-- Whatever writes a car (a listing, an edit, a sale, moderation, a seed), the search's vocabulary and the
-- market's list of models to settle follow; features/market settles that list after every write.
CREATE FUNCTION "cars_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(to_tsvector('simple', car_name || ' ' || location || ' ' || details))) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
    ON CONFLICT DO NOTHING;
  INSERT INTO market_dirty (model_key, purchase_year) SELECT DISTINCT model_key, purchase_year FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cars_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n JOIN old_rows o USING (id), unnest(tsvector_to_array(to_tsvector('simple', n.car_name || ' ' || n.location || ' ' || n.details))) AS w
    WHERE (n.car_name, n.location, n.details) IS DISTINCT FROM (o.car_name, o.location, o.details) AND length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
    ON CONFLICT DO NOTHING;
  -- Only what a market estimate reads: writing the estimates themselves marks nothing.
  INSERT INTO market_dirty (model_key, purchase_year)
    SELECT DISTINCT k.model_key, k.purchase_year FROM new_rows n JOIN old_rows o USING (id),
      LATERAL (VALUES (n.model_key, n.purchase_year), (o.model_key, o.purchase_year)) AS k (model_key, purchase_year)
    WHERE (n.model_key, n.purchase_year, n.mileage, n.current_price, n.status, n.hidden_by, n.seller_id)
      IS DISTINCT FROM (o.model_key, o.purchase_year, o.mileage, o.current_price, o.status, o.hidden_by, o.seller_id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cars_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_dirty (model_key, purchase_year) SELECT DISTINCT model_key, purchase_year FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cars_after_insert" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_after_insert"();--> statement-breakpoint
CREATE TRIGGER "cars_after_update" AFTER UPDATE ON "cars" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_after_update"();--> statement-breakpoint
CREATE TRIGGER "cars_after_delete" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_after_delete"();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM cars, unnest(tsvector_to_array(to_tsvector('simple', car_name || ' ' || location || ' ' || details))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO market_dirty (model_key, purchase_year) SELECT DISTINCT model_key, purchase_year FROM cars ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Saved searches from before keep their words, read as the lists now read them (stemmed; typos are corrected from now on).
UPDATE saved_searches SET words = jsonb_build_object('query', nullif(websearch_to_tsquery('english', q)::text, ''), 'contains', '[]'::jsonb) WHERE q IS NOT NULL;
--> statement-breakpoint
-- The facet counts read every listed car's options (features/search/facet-counts.ts): from this narrow index alone, not
-- the wide rows, once the table is vacuumed. Written here, not in schema.ts: Drizzle's index builder has no INCLUDE.
CREATE INDEX "cars_facets_idx" ON "cars" USING btree ("category", "purchase_year") INCLUDE ("status", "hidden_by", "current_price", "mileage", "fuel", "gearbox", "body", "location", "deal_rating", "price_dropped");
