import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carPhotoVariants, carPhotos } from '../../db/schema';
import type { EncodedVariant } from './processing';
import type { PhotoStorage } from './storage';
import { srcVariant, variantRow } from './variants';

/** A processed photo as the seed's cache keeps it: its files' names and sizes, not their bytes. */
export interface ProcessedPhotoRecord {
  width: number;
  height: number;
  alt?: string;
  variants: readonly (Omit<EncodedVariant, 'bytes'> & { size: number })[];
}

/** The demo seed's processed photos become these photo-less cars', as commit() would make them, in a few statements for all (files already stored). */
export async function attachPhotos(
  db: Db,
  storage: PhotoStorage,
  entries: readonly { carId: string; photos: readonly ProcessedPhotoRecord[] }[],
): Promise<void> {
  const photoRows = entries.flatMap(({ carId, photos }) =>
    photos.map((photo, position) => ({ id: randomUUID(), carId, position, alt: photo.alt ?? null, width: photo.width, height: photo.height, photo })),
  );
  if (photoRows.length === 0) return;
  for (const chunk of chunks(photoRows, 1000)) await db.insert(carPhotos).values(chunk.map(({ photo: _photo, ...row }) => row));
  const variantRows = photoRows.flatMap((row) => row.photo.variants.map((variant) => ({ photoId: row.id, ...variantRow(variant) })));
  for (const chunk of chunks(variantRows, 1000)) await db.insert(carPhotoVariants).values(chunk);
  const covers = entries
    .filter((entry) => entry.photos.length > 0)
    .map((entry) => ({ carId: entry.carId, img: storage.urlOf(srcVariant(entry.photos[0]!.variants)!.key) }));
  for (const chunk of chunks(covers, 1000)) {
    const values = sql.join(
      chunk.map((cover) => sql`(${cover.carId}::uuid, ${cover.img})`),
      sql`, `,
    );
    await db.execute(
      sql`update cars set listed_img = coalesce(cars.listed_img, cars.img), img = covers.img from (values ${values}) as covers(id, img) where cars.id = covers.id`,
    );
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
