-- Codes a seller types ("1e5b22", "2.0tdi", "v1.2.3") are found by the words a buyer types (docs/api.md, "Search and
-- facets", "Codes"): PostgreSQL's parser reads "1e5b22" as the number 1e5 and "b22", "2.0tdi" as 2.0 and "tdi", so each
-- field's runs of letters and digits that its parse does not keep whole are added to the document as typed, lower-cased,
-- after everything else (the other words keep their positions, so their ranking is as before).
CREATE FUNCTION "search_codes"(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  -- Only a run touching punctuation on its way to another character ("2.0tdi", "e2e-x", "-3", "a/b") or holding a
  -- number's exponent ("1e5") can be cut by the parser: text without either skips the work.
  SELECT CASE WHEN body !~ '[[:alnum:]][^[:alnum:][:space:]]+[^[:space:]]|[^[:alnum:][:space:]][[:alnum:]]|[[:digit:]][eE][[:digit:]]' THEN ''::tsvector
    ELSE (SELECT coalesce(string_agg('''' || r.run || ''':' || r.ord, ' '), '')::tsvector
      FROM regexp_matches(lower(body), '[[:alnum:]]+', 'g') WITH ORDINALITY AS m (parts, ord)
      CROSS JOIN LATERAL (SELECT m.parts[1] AS run, m.ord) AS r
      LEFT JOIN unnest(tsvector_to_array(to_tsvector('simple', body))) AS kept (lexeme) ON kept.lexeme = r.run
      WHERE kept.lexeme IS NULL AND length(r.run) <= 100) END
$$;--> statement-breakpoint
ALTER TABLE "cars" drop column "search";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', car_name), 'A') || setweight(to_tsvector('english', location), 'B') || setweight(to_tsvector('english', details), 'C') || setweight(to_tsvector('simple', purchase_year), 'D') || setweight(search_codes(car_name), 'A') || setweight(search_codes(location), 'B') || setweight(search_codes(details), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cars_search_idx" ON "cars" USING gin ("search");--> statement-breakpoint
-- The typo vocabulary learns the codes too (beside the words cars_after_insert and cars_after_update add), so a code
-- some listing has is never "corrected" into another.
CREATE FUNCTION "cars_codes_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(search_codes(car_name || ' ' || location || ' ' || details))) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cars_codes_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n JOIN old_rows o USING (id), unnest(tsvector_to_array(search_codes(n.car_name || ' ' || n.location || ' ' || n.details))) AS w
    WHERE (n.car_name, n.location, n.details) IS DISTINCT FROM (o.car_name, o.location, o.details) AND length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cars_codes_after_insert" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_codes_after_insert"();--> statement-breakpoint
CREATE TRIGGER "cars_codes_after_update" AFTER UPDATE ON "cars" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cars_codes_after_update"();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM cars, unnest(tsvector_to_array(search_codes(car_name || ' ' || location || ' ' || details))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
