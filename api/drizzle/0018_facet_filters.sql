-- One index per facet's filter (docs/api.md, "Search and facets"): the picks of a search or a brand list are ANDed as
-- bitmaps, so the page and each facet's counts read only the cars they count, not every listed car.
CREATE INDEX "cars_price_idx" ON "cars" USING btree ("current_price");--> statement-breakpoint
CREATE INDEX "cars_year_idx" ON "cars" USING btree ("purchase_year");--> statement-breakpoint
CREATE INDEX "cars_mileage_idx" ON "cars" USING btree ("mileage");--> statement-breakpoint
CREATE INDEX "cars_fuel_idx" ON "cars" USING btree ("fuel");--> statement-breakpoint
CREATE INDEX "cars_gearbox_idx" ON "cars" USING btree ("gearbox");--> statement-breakpoint
CREATE INDEX "cars_body_idx" ON "cars" USING btree ("body");--> statement-breakpoint
CREATE INDEX "cars_location_idx" ON "cars" USING btree ("location");--> statement-breakpoint
CREATE INDEX "cars_deal_rating_idx" ON "cars" USING btree ("deal_rating");--> statement-breakpoint
CREATE INDEX "cars_price_dropped_idx" ON "cars" USING btree ("category") WHERE "cars"."price_dropped";