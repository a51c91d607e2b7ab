import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carPhotoVariants, carPhotos, cars } from '../../db/schema';
import type { PhotoStorage } from './storage';
import { srcVariant } from './variants';

/** `img` follows the cover; the link the car was listed with waits in listed_img until the last photo is gone. */
export async function settleCover(tx: Db, storage: PhotoStorage, carId: string): Promise<void> {
  const [cover] = await tx.select({ id: carPhotos.id }).from(carPhotos).where(eq(carPhotos.carId, carId)).orderBy(asc(carPhotos.position)).limit(1);
  if (!cover) {
    await tx
      .update(cars)
      .set({ img: sql`coalesce(${cars.listedImg}, ${cars.img})`, listedImg: null })
      .where(eq(cars.id, carId));
    return;
  }
  const variants = await tx.select().from(carPhotoVariants).where(eq(carPhotoVariants.photoId, cover.id));
  const src = srcVariant(variants);
  if (!src) throw new Error(`photo ${cover.id} has no JPEG`);
  await tx
    .update(cars)
    .set({ img: storage.urlOf(src.key), listedImg: sql`coalesce(${cars.listedImg}, ${cars.img})` })
    .where(eq(cars.id, carId));
}
