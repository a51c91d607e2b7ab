-- Keyset paging (features/cars/service.ts): the status-filtered newest order gains the id, so a page after a
-- cursor is an index range scan even where many cars share one created_at. The other sorts' indexes have it already.
DROP INDEX "cars_category_status_idx";--> statement-breakpoint
CREATE INDEX "cars_category_status_idx" ON "cars" USING btree ("category","status","created_at","id");