import { asc, eq, inArray } from 'drizzle-orm';
import type { CarPhoto, CarPhotosResponse, PhotoFormat, PhotoVariant } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type CarPhotoVariantRow, carPhotoVariants, carPhotos, cars } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { PhotoStorage } from './storage';
import { srcVariant } from './variants';

/** Each car's photos, in order; cars without photos get an empty list. */
export async function photosFor(db: Db, storage: PhotoStorage, carsToShow: readonly { id: string; carName: string }[]): Promise<Map<string, CarPhoto[]>> {
  const result = new Map<string, CarPhoto[]>(carsToShow.map((car) => [car.id, []]));
  if (carsToShow.length === 0) return result;
  const photos = await db
    .select()
    .from(carPhotos)
    .where(inArray(carPhotos.carId, [...result.keys()]))
    .orderBy(asc(carPhotos.carId), asc(carPhotos.position));
  if (photos.length === 0) return result;
  const variants = await db
    .select()
    .from(carPhotoVariants)
    .where(
      inArray(
        carPhotoVariants.photoId,
        photos.map((photo) => photo.id),
      ),
    )
    .orderBy(asc(carPhotoVariants.width));
  const variantsOf = groupBy(variants, (variant) => variant.photoId);
  const names = new Map(carsToShow.map((car) => [car.id, car.carName]));
  const byCar = groupBy(photos, (photo) => photo.carId);
  for (const [carId, rows] of byCar) {
    result.set(
      carId,
      rows.map((row, index) => toPhoto(storage, row, variantsOf.get(row.id) ?? [], `${names.get(carId)}, photo ${index + 1} of ${rows.length}`)),
    );
  }
  return result;
}

/** What a photo write returns: the car's img and its photos as they are now. */
export async function carPhotosResponse(tx: Db, storage: PhotoStorage, carId: string): Promise<CarPhotosResponse> {
  const [car] = await tx.select({ id: cars.id, carName: cars.carName, img: cars.img }).from(cars).where(eq(cars.id, carId));
  if (!car) throw notFound(`No car with id ${carId}`);
  const photos = (await photosFor(tx, storage, [car])).get(car.id) ?? [];
  return { img: car.img, photos };
}

function toPhoto(
  storage: PhotoStorage,
  row: { id: string; alt: string | null; width: number; height: number },
  variants: readonly CarPhotoVariantRow[],
  defaultAlt: string,
): CarPhoto {
  const listed = (format: PhotoFormat): PhotoVariant[] =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => ({ width: variant.width, height: variant.height, url: storage.urlOf(variant.key) }));
  const byFormat = { avif: listed('avif'), webp: listed('webp'), jpeg: listed('jpeg') };
  const srcset = (format: PhotoFormat) => byFormat[format].map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  const src = srcVariant(variants);
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    alt: row.alt ?? defaultAlt,
    src: src ? storage.urlOf(src.key) : '',
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
    variants: byFormat,
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
