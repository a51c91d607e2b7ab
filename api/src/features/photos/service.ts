import { randomUUID } from 'node:crypto';
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type CarPhoto,
  type CarPhotosAnswer,
  type Category,
  PHOTOS_PER_CAR_MAX,
  PHOTO_SRC_WIDTH,
  type PhotoFormat,
  type PhotoVariant,
} from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type CarPhotoVariantRow, bookings, carPhotoVariants, carPhotos, cars } from '../../db/schema';
import { HttpError, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { Slots } from '../limits/write-limits';
import { type EncodedVariant, type ProcessedPhoto, PhotoQueue, PhotoRejection, processPhoto } from './processing';
import type { PhotoStorage } from './storage';

/** A photo processed and written to storage, not yet a row: what an upload holds until it commits. */
export interface StagedPhoto {
  /** The name the file was sent under, for messages. */
  name: string;
  photo: ProcessedPhoto;
}

/** The car a photo route works on, as checked before the request's body is read. */
export interface OwnedCar {
  id: string;
  category: Category;
}

/** The JPEG a photo's `src` (and its car's `img`) points at: the narrowest at least PHOTO_SRC_WIDTH wide, else the widest. */
function srcVariant<V extends { format: string; width: number }>(variants: readonly V[]): V | undefined {
  const jpegs = variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  return jpegs.find((variant) => variant.width >= PHOTO_SRC_WIDTH) ?? jpegs.at(-1);
}

/**
 * Every transaction that writes photos of a car holds the car's row first: the twelve-photo
 * limit, the positions and the cover are decided by one request at a time, in every API copy.
 */
async function lockCar(tx: Db, carId: string): Promise<{ img: string; listedImg: string | null; carName: string }> {
  const [car] = await tx.select({ img: cars.img, listedImg: cars.listedImg, carName: cars.carName }).from(cars).where(eq(cars.id, carId)).for('update');
  if (!car) throw notFound(`No car with id ${carId}`);
  return car;
}

/**
 * Per stored file, across API copies: a file is deleted only while nothing can start to use it,
 * and an upload that found it stored checks again under the same lock before its rows point at it.
 * In key order, so two transactions never wait on each other crosswise.
 */
async function lockKeys(tx: Db, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(h) from (select hashtextextended(k, 0) as h from unnest(${`{${sorted.join(',')}}`}::text[]) as k order by k) as locks`,
  );
}

export class PhotoService {
  readonly queue: PhotoQueue;
  /** The accounts with a photo being processed in this process: one each, so no seller fills the queue. */
  private readonly working = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly storage: PhotoStorage,
    concurrency: number,
  ) {
    this.queue = new PhotoQueue(concurrency);
  }

  // ---- reading ----

  /** Each car's photos, in order; cars without photos get an empty list. */
  async photosFor(carsToShow: readonly { id: string; carName: string }[], db: Db = this.db): Promise<Map<string, CarPhoto[]>> {
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
        rows.map((row, index) => this.toPhoto(row, variantsOf.get(row.id) ?? [], `${names.get(carId)}, photo ${index + 1} of ${rows.length}`)),
      );
    }
    return result;
  }

  private toPhoto(
    row: { id: string; alt: string | null; width: number; height: number },
    variants: readonly CarPhotoVariantRow[],
    defaultAlt: string,
  ): CarPhoto {
    const listed = (format: PhotoFormat): PhotoVariant[] =>
      variants
        .filter((variant) => variant.format === format)
        .map((variant) => ({ width: variant.width, height: variant.height, url: this.storage.urlOf(variant.key) }));
    const byFormat = { avif: listed('avif'), webp: listed('webp'), jpeg: listed('jpeg') };
    const srcset = (format: PhotoFormat) => byFormat[format].map((variant) => `${variant.url} ${variant.width}w`).join(', ');
    const src = srcVariant(variants);
    return {
      id: row.id,
      width: row.width,
      height: row.height,
      alt: row.alt ?? defaultAlt,
      src: src ? this.storage.urlOf(src.key) : '',
      srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
      variants: byFormat,
    };
  }

  private async answer(tx: Db, carId: string): Promise<CarPhotosAnswer> {
    const [car] = await tx.select({ id: cars.id, carName: cars.carName, img: cars.img }).from(cars).where(eq(cars.id, carId));
    if (!car) throw notFound(`No car with id ${carId}`);
    const photos = (await this.photosFor([car], tx)).get(car.id) ?? [];
    return { img: car.img, photos };
  }

  /** The car a photo route names, if it is the caller's: checked before the request's body is read. */
  async ownedCar(category: Category, carId: string, sellerId: string): Promise<OwnedCar> {
    const [car] = await this.db
      .select({ sellerId: cars.sellerId })
      .from(cars)
      .where(and(eq(cars.id, carId), eq(cars.category, category)))
      .limit(1);
    if (!car) throw notFound(`No ${category} car with id ${carId}`);
    if (car.sellerId !== sellerId) throw forbidden('This car is not yours: only its seller can change its photos');
    return { id: carId, category };
  }

  async count(carId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(carPhotos)
      .where(eq(carPhotos.carId, carId));
    return row?.n ?? 0;
  }

  // ---- writing ----

  /**
   * stage() for a seller: one photo at a time per account, and each counts against the seller's
   * photo limit once its processing starts, refused or not, since the work is done either way.
   */
  async stageFor(account: string, name: string, bytes: Buffer, slots: Slots): Promise<StagedPhoto> {
    if (this.working.has(account))
      throw tooManyRequests(`${name} was not sent: another photo of yours is still being processed; send it once that one is done`, 1);
    this.working.add(account);
    try {
      await slots.take();
      return await this.stage(name, bytes);
    } finally {
      this.working.delete(account);
    }
  }

  /**
   * Re-encodes one file (in the process's queue) and writes its variants to storage. Nothing
   * points at them until commit(); a request that fails after this calls discard().
   */
  async stage(name: string, bytes: Buffer): Promise<StagedPhoto> {
    const photo = await this.queue
      .run(() => processPhoto(bytes))
      .catch((error: unknown) => {
        throw error instanceof PhotoRejection ? fileRefusal(name, error.statusCode, error.message) : error;
      });
    try {
      for (const variant of photo.variants) await this.storage.put(variant.key, variant.bytes);
    } catch (error) {
      await this.deleteUnused(photo.variants.map((variant) => variant.key));
      throw error;
    }
    return { name, photo };
  }

  /**
   * All the staged photos become the car's, after those it has, in one transaction; or none do.
   * `alts[i]` describes the i-th photo (empty: described from the car's name).
   */
  async commit(carId: string, staged: readonly StagedPhoto[], alts: readonly string[]): Promise<CarPhotosAnswer> {
    return this.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      const [{ n: existing } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(carPhotos)
        .where(eq(carPhotos.carId, carId));
      // Checked before the files were read too; another upload to the same car may have committed since.
      if (existing + staged.length > PHOTOS_PER_CAR_MAX) {
        throw tooManyPhotos(staged[Math.max(0, PHOTOS_PER_CAR_MAX - existing)]!.name, existing);
      }
      const variants = staged.flatMap((item) => item.photo.variants);
      await lockKeys(
        tx,
        variants.map((variant) => variant.key),
      );
      // A file another request put, and then deleted when it failed, is written again from memory.
      for (const variant of variants) if (!(await this.storage.exists(variant.key))) await this.storage.put(variant.key, variant.bytes);
      const rows = await tx
        .insert(carPhotos)
        .values(
          staged.map((item, index) => ({ carId, position: existing + index, alt: alts[index] || null, width: item.photo.width, height: item.photo.height })),
        )
        .returning({ id: carPhotos.id });
      await tx
        .insert(carPhotoVariants)
        .values(staged.flatMap((item, index) => item.photo.variants.map((variant) => ({ photoId: rows[index]!.id, ...variantRow(variant) }))));
      await this.settleCover(tx, carId);
      return this.answer(tx, carId);
    });
  }

  /** Files a failed upload wrote, unless something else uses them meanwhile. */
  async discard(staged: readonly StagedPhoto[]): Promise<void> {
    await this.deleteUnused(staged.flatMap((item) => item.photo.variants.map((variant) => variant.key)));
  }

  /** The new order must name every photo of the car once: a tab with an older list is told so. */
  async reorder(carId: string, photoIds: readonly string[]): Promise<CarPhotosAnswer> {
    return this.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      const current = await tx.select({ id: carPhotos.id }).from(carPhotos).where(eq(carPhotos.carId, carId));
      const known = new Set(current.map((photo) => photo.id));
      if (photoIds.length !== known.size || photoIds.some((id) => !known.has(id))) {
        throw conflict(
          `photoIds must name each of this car's ${current.length} photos once, and only those; the list sent has ${photoIds.length}` +
            `${photoIds.some((id) => !known.has(id)) ? ', some of which are not its photos' : ''}. Reload the photos and try again`,
        );
      }
      for (const [position, id] of photoIds.entries()) await tx.update(carPhotos).set({ position }).where(eq(carPhotos.id, id));
      await this.settleCover(tx, carId);
      return this.answer(tx, carId);
    });
  }

  async remove(carId: string, photoId: string): Promise<CarPhotosAnswer> {
    const { answer, keys } = await this.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      const keys = (await tx.select({ key: carPhotoVariants.key }).from(carPhotoVariants).where(eq(carPhotoVariants.photoId, photoId))).map((row) => row.key);
      const [gone] = await tx
        .delete(carPhotos)
        .where(and(eq(carPhotos.id, photoId), eq(carPhotos.carId, carId)))
        .returning({ id: carPhotos.id });
      if (!gone) throw notFound(`This car has no photo with id ${photoId}`);
      const rest = await tx.select({ id: carPhotos.id }).from(carPhotos).where(eq(carPhotos.carId, carId)).orderBy(asc(carPhotos.position));
      for (const [position, photo] of rest.entries()) await tx.update(carPhotos).set({ position }).where(eq(carPhotos.id, photo.id));
      await this.settleCover(tx, carId);
      return { answer: await this.answer(tx, carId), keys };
    });
    await this.deleteUnused(keys);
    return answer;
  }

  /**
   * `img` follows the cover: the first photo's src while there is one; the link the car was
   * listed with (kept in listed_img meanwhile) once the last photo is gone.
   */
  private async settleCover(tx: Db, carId: string): Promise<void> {
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
      .set({ img: this.storage.urlOf(src.key), listedImg: sql`coalesce(${cars.listedImg}, ${cars.img})` })
      .where(eq(cars.id, carId));
  }

  /**
   * Deletes the files no photo uses any more, nor a car's img or a booking's copy of one (a
   * booking keeps the picture of the car as it was booked). Under the files' locks, so an
   * upload of the same picture committing meanwhile either is seen here or puts them back.
   */
  async deleteUnused(keys: readonly string[]): Promise<number> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      await lockKeys(tx, unique);
      const used = new Set(
        (await tx.selectDistinct({ key: carPhotoVariants.key }).from(carPhotoVariants).where(inArray(carPhotoVariants.key, unique))).map((row) => row.key),
      );
      const urls = new Map(unique.filter((key) => !used.has(key)).map((key) => [this.storage.urlOf(key), key]));
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
      for (const key of unused) await this.storage.delete(key);
      return unused.length;
    });
  }

  /** The files of these cars' photos: read before the cars are deleted, passed to deleteUnused after. */
  async keysOfCars(tx: Db, carIds: readonly string[]): Promise<string[]> {
    if (carIds.length === 0) return [];
    const rows = await tx
      .select({ key: carPhotoVariants.key })
      .from(carPhotoVariants)
      .innerJoin(carPhotos, eq(carPhotos.id, carPhotoVariants.photoId))
      .where(inArray(carPhotos.carId, [...carIds]));
    return rows.map((row) => row.key);
  }

  /**
   * Photos already processed (the demo seed's, from its cache) become these cars', as commit()
   * would make them, in a few statements for all the cars; the files must be in storage already.
   * The cars must have no photos yet.
   */
  async attach(db: Db, entries: readonly { carId: string; photos: readonly ProcessedPhotoRecord[] }[]): Promise<void> {
    const photoRows = entries.flatMap(({ carId, photos }) =>
      photos.map((photo, position) => ({ id: randomUUID(), carId, position, alt: photo.alt ?? null, width: photo.width, height: photo.height, photo })),
    );
    if (photoRows.length === 0) return;
    for (const chunk of chunks(photoRows, 1000)) await db.insert(carPhotos).values(chunk.map(({ photo: _photo, ...row }) => row));
    const variantRows = photoRows.flatMap((row) => row.photo.variants.map((variant) => ({ photoId: row.id, ...variantRow(variant) })));
    for (const chunk of chunks(variantRows, 1000)) await db.insert(carPhotoVariants).values(chunk);
    const covers = entries
      .filter((entry) => entry.photos.length > 0)
      .map((entry) => ({ carId: entry.carId, img: this.storage.urlOf(srcVariant(entry.photos[0]!.variants)!.key) }));
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
}

/** A processed photo as the seed's cache keeps it: its files' names and sizes, not their bytes. */
export interface ProcessedPhotoRecord {
  width: number;
  height: number;
  alt?: string;
  variants: readonly (Omit<EncodedVariant, 'bytes'> & { size: number })[];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

function variantRow(variant: Omit<EncodedVariant, 'bytes'> & { bytes?: Buffer; size?: number }) {
  return { format: variant.format, width: variant.width, height: variant.height, key: variant.key, bytes: variant.bytes?.length ?? variant.size ?? 0 };
}

/** A refusal about one file: the message starts with its name, and `file` carries it for the page. */
export function fileRefusal(name: string, status: number, text: string): HttpError {
  return new HttpError(status, `${name} ${text}`, { file: name });
}

/** The upload's file that would be the car's 13th photo; the message says how many still fit. */
export function tooManyPhotos(name: string, existing: number): HttpError {
  const room = Math.max(0, PHOTOS_PER_CAR_MAX - existing);
  const has = existing === 0 ? '' : ` This car has ${existing}, so ${room === 0 ? 'none can be added before one is deleted' : `${room} more can be added`}.`;
  return new HttpError(409, `${name} would be photo ${PHOTOS_PER_CAR_MAX + 1} of this car; a car has at most ${PHOTOS_PER_CAR_MAX} photos.${has}`, {
    file: name,
  });
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
