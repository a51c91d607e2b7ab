CREATE TABLE "facet_counts" (
	"category" text NOT NULL,
	"price" text,
	"purchase_year" text NOT NULL,
	"mileage" text,
	"fuel" text,
	"gearbox" text,
	"body" text,
	"location" text NOT NULL,
	"deal_rating" text,
	"price_dropped" boolean NOT NULL,
	"cars" integer NOT NULL,
	CONSTRAINT "facet_counts_key" UNIQUE NULLS NOT DISTINCT("category","price","purchase_year","mileage","fuel","gearbox","body","location","deal_rating","price_dropped")
);
--> statement-breakpoint
-- The bands of shared-contract's PRICE_BANDS and MILEAGE_BANDS, as features/cars/facets.ts reads them from a car.
CREATE FUNCTION "facet_price_band"(price numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN price IS NULL THEN NULL WHEN price < 5000 THEN '0-5000' WHEN price < 10000 THEN '5000-10000'
    WHEN price < 15000 THEN '10000-15000' WHEN price < 20000 THEN '15000-20000' WHEN price < 30000 THEN '20000-30000'
    WHEN price < 50000 THEN '30000-50000' ELSE '50000-' END
$$;--> statement-breakpoint
CREATE FUNCTION "facet_mileage_band"(mileage integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN mileage IS NULL THEN NULL WHEN mileage < 10000 THEN '0-10000' WHEN mileage < 30000 THEN '10000-30000'
    WHEN mileage < 60000 THEN '30000-60000' WHEN mileage < 100000 THEN '60000-100000' WHEN mileage < 150000 THEN '100000-150000'
    ELSE '150000-' END
$$;--> statement-breakpoint
-- Whatever writes a car, the counts of the cars on the lists (as features/cars/list-query.ts's onTheLists) follow in the
-- same transaction: each statement's cars out (-1) and in (+1), summed per combination, written in the key's order so
-- two writers wait for each other rather than deadlock.
CREATE FUNCTION "cars_facet_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    INSERT INTO facet_counts AS f (category, price, purchase_year, mileage, fuel, gearbox, body, location, deal_rating, price_dropped, cars)
      SELECT category, facet_price_band(current_price), purchase_year, facet_mileage_band(mileage), fuel, gearbox, body, location,
             deal_rating, price_dropped, sum(d)
      FROM (%s) AS c
      WHERE status IN ('available', 'booked', 'sold') AND hidden_by IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT facet_counts_key DO UPDATE SET cars = f.cars + excluded.cars$sql$,
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS d, * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT -1 AS d, * FROM old_rows'
      ELSE 'SELECT -1 AS d, * FROM old_rows UNION ALL SELECT 1 AS d, * FROM new_rows'
    END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cars_facet_counts_insert" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_facet_counts"();--> statement-breakpoint
CREATE TRIGGER "cars_facet_counts_update" AFTER UPDATE ON "cars" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_facet_counts"();--> statement-breakpoint
CREATE TRIGGER "cars_facet_counts_delete" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_facet_counts"();--> statement-breakpoint
INSERT INTO facet_counts (category, price, purchase_year, mileage, fuel, gearbox, body, location, deal_rating, price_dropped, cars)
  SELECT category, facet_price_band(current_price), purchase_year, facet_mileage_band(mileage), fuel, gearbox, body, location,
         deal_rating, price_dropped, count(*)
  FROM cars WHERE status IN ('available', 'booked', 'sold') AND hidden_by IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
