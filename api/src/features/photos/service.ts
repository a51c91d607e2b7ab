import { and, asc, eq, sql } from 'drizzle-orm';
import { type CarPhoto, type CarPhotosResponse, type Category, PHOTOS_PER_CAR_MAX } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { carPhotoVariants, carPhotos, cars } from '../../db/schema';
import { conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { Slots } from '../limits/write-limits';
import { carPhotosResponse, photosFor } from './car-photos';
import { settleCover } from './cover';
import { lockCar, lockKeys } from './locks';
import { type ProcessedPhoto, PhotoQueue, PhotoRejection, processPhoto } from './processing';
import { fileRefusal, tooManyPhotos } from './refusals';
import type { PhotoStorage } from './storage';
import { StorageUnavailableError } from './storage-outage';
import { deleteUnused, keysOfCars } from './unused-files';
import { variantRow } from './variants';

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

/** A car's photos: reading them, and each write to them (docs/operate-photos.md). */
export class PhotoService {
  readonly queue: PhotoQueue;
  /** The accounts with a photo being processed in this process: one each, so no seller fills the queue. */
  private readonly working = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly storage: PhotoStorage,
    concurrency: number,
    /** Where files left in an unreachable store are reported. */
    private readonly warn: (message: string, error: unknown) => void = () => {},
  ) {
    this.queue = new PhotoQueue(concurrency);
  }

  /** Each car's photos, in order; cars without photos get an empty list. */
  photosFor(carsToShow: readonly { id: string; carName: string }[], db: Db = this.db): Promise<Map<string, CarPhoto[]>> {
    return photosFor(db, this.storage, carsToShow);
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

  count(carId: string): Promise<number> {
    return photoCount(this.db, carId);
  }

  /** stage() for a seller: one photo at a time per account, counted against the photo limit once processing starts, refused or not. */
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

  /** Re-encodes one file in the queue and stores its variants; nothing points at them until commit(), else discard(). */
  async stage(name: string, bytes: Buffer): Promise<StagedPhoto> {
    const photo = await this.queue
      .run(() => processPhoto(bytes))
      .catch((error: unknown) => {
        throw error instanceof PhotoRejection ? fileRefusal(name, error.statusCode, error.message) : error;
      });
    try {
      for (const variant of photo.variants) await this.storage.put(variant.key, variant.bytes);
    } catch (error) {
      await this.deleteUnused(
        photo.variants.map((variant) => variant.key),
        error,
      );
      throw error;
    }
    return { name, photo };
  }

  /** All the staged photos become the car's, after those it has, in one transaction, or none do; `alts[i]` describes the i-th (empty: from the car's name). */
  async commit(carId: string, staged: readonly StagedPhoto[], alts: readonly string[]): Promise<CarPhotosResponse> {
    return this.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      const existing = await photoCount(tx, carId);
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
      await settleCover(tx, this.storage, carId);
      return carPhotosResponse(tx, this.storage, carId);
    });
  }

  /** Files a failed upload wrote, unless something else uses them meanwhile. */
  async discard(staged: readonly StagedPhoto[], cause?: unknown): Promise<void> {
    await this.deleteUnused(
      staged.flatMap((item) => item.photo.variants.map((variant) => variant.key)),
      cause,
    );
  }

  /** The new order must name every photo of the car once: a tab with an older list is told so. */
  async reorder(carId: string, photoIds: readonly string[]): Promise<CarPhotosResponse> {
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
      await settleCover(tx, this.storage, carId);
      return carPhotosResponse(tx, this.storage, carId);
    });
  }

  async remove(carId: string, photoId: string): Promise<CarPhotosResponse> {
    const { response, keys } = await this.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      const keys = (await tx.select({ key: carPhotoVariants.key }).from(carPhotoVariants).where(eq(carPhotoVariants.photoId, photoId))).map((row) => row.key);
      const [gone] = await tx
        .delete(carPhotos)
        .where(and(eq(carPhotos.id, photoId), eq(carPhotos.carId, carId)))
        .returning({ id: carPhotos.id });
      if (!gone) throw notFound(`This car has no photo with id ${photoId}`);
      const rest = await tx.select({ id: carPhotos.id }).from(carPhotos).where(eq(carPhotos.carId, carId)).orderBy(asc(carPhotos.position));
      for (const [position, photo] of rest.entries()) await tx.update(carPhotos).set({ position }).where(eq(carPhotos.id, photo.id));
      await settleCover(tx, this.storage, carId);
      return { response: await carPhotosResponse(tx, this.storage, carId), keys };
    });
    await this.deleteUnused(keys);
    return response;
  }

  /**
   * Deletes the files no photo, car or booking uses any more (unused-files.ts), `failure` being what
   * made the caller clean up. With the store out of reach they stay, unused, and are logged: the
   * change they follow stands (docs/operate-photos.md).
   */
  async deleteUnused(keys: readonly string[], failure?: unknown): Promise<number> {
    try {
      // After an outage, asking the store again would only keep the person waiting a second time.
      if (failure instanceof StorageUnavailableError) throw failure;
      return await deleteUnused(this.db, this.storage, keys);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      this.warn(`photo storage unreachable: files that may no longer be used were not deleted (${keys.join(' ')})`, error.cause);
      return 0;
    }
  }

  /** The files of these cars' photos: read before the cars are deleted, passed to deleteUnused after. */
  keysOfCars(tx: Db, carIds: readonly string[]): Promise<string[]> {
    return keysOfCars(tx, carIds);
  }
}

async function photoCount(db: Db, carId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(carPhotos)
    .where(eq(carPhotos.carId, carId));
  return row?.n ?? 0;
}
