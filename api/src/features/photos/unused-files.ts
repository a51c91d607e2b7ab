import { type SQL, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, carPhotoVariants, carPhotos, cars } from '../../db/schema';
import { lockKeys } from './locks';
import type { PhotoStorage } from './storage';

/** Deletes the files no photo, car img or booking's copy of one uses any more, under the files' locks (docs/operate-photos.md, "Locks"). */
export async function deleteUnused(db: Db, storage: PhotoStorage, keys: readonly string[]): Promise<number> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockKeys(tx, unique);
    const used = new Set(
      (await tx.selectDistinct({ key: carPhotoVariants.key }).from(carPhotoVariants).where(inArray(carPhotoVariants.key, unique))).map((row) => row.key),
    );
    const urls = new Map(unique.filter((key) => !used.has(key)).map((key) => [storage.urlOf(key), key]));
    if (urls.size > 0) {
      const addresses = [...urls.keys()];
      const pictures: SQL[] = [inArray(cars.img, addresses), inArray(cars.listedImg, addresses)];
      for (const row of await tx
        .select({ img: cars.img, listedImg: cars.listedImg })
        .from(cars)
        .where(or(...pictures))) {
        used.add(urls.get(row.img) ?? '');
        if (row.listedImg) used.add(urls.get(row.listedImg) ?? '');
      }
      for (const row of await tx.selectDistinct({ img: bookings.img }).from(bookings).where(inArray(bookings.img, addresses)))
        used.add(urls.get(row.img) ?? '');
    }
    const unused = unique.filter((key) => !used.has(key));
    for (const key of unused) await storage.delete(key);
    return unused.length;
  });
}

/** The files of these cars' photos: read before the cars are deleted, passed to deleteUnused after. */
export async function keysOfCars(tx: Db, carIds: readonly string[]): Promise<string[]> {
  if (carIds.length === 0) return [];
  const rows = await tx
    .select({ key: carPhotoVariants.key })
    .from(carPhotoVariants)
    .innerJoin(carPhotos, eq(carPhotos.id, carPhotoVariants.photoId))
    .where(inArray(carPhotos.carId, [...carIds]));
  return rows.map((row) => row.key);
}
