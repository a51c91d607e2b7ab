-- Car photos (api/src/features/photos): each photo of a car in its place, and the files made of it (one per
-- format and width, named by content hash; the key index tells whether a file is still used before it is
-- deleted). cars.listed_img keeps the link a car was listed with while a photo is its cover (img).
CREATE TABLE "car_photo_variants" (
	"photo_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "car_photo_variants_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width"),
	CONSTRAINT "car_photo_variants_format_check" CHECK ("car_photo_variants"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "car_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"alt" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "listed_img" text;--> statement-breakpoint
ALTER TABLE "car_photo_variants" ADD CONSTRAINT "car_photo_variants_photo_id_car_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."car_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_photo_variants_key_idx" ON "car_photo_variants" USING btree ("key");--> statement-breakpoint
CREATE INDEX "car_photos_car_idx" ON "car_photos" USING btree ("car_id","position");