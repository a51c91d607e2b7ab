import { and, count, desc, eq } from 'drizzle-orm';
import { type Favourites, GONE_NOTES, SAVED_CAR_CAP } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { cars, favourites, users } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../http/errors';
import { removedAs, toCar } from '../cars/car-response';
import type { PhotoService } from '../photos/service';

/** Saves a car for a buyer; returns whether it was new (a repeat is a success that changes nothing). */
export async function saveCar(db: Db, userId: string, carId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The person's row is the lock the cap is counted under, so two saves at once cannot both pass it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [car] = await tx.select({ status: cars.status, hiddenBy: cars.hiddenBy }).from(cars).where(eq(cars.id, carId)).limit(1);
    if (!car) throw notFound(`No car with id ${carId}`);
    const removed = removedAs(car);
    if (removed) throw new HttpError(410, GONE_NOTES[removed], { removed });
    const [already] = await tx
      .select({ carId: favourites.carId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.carId, carId)));
    if (already) return false;
    const [held] = await tx.select({ count: count() }).from(favourites).where(eq(favourites.userId, userId));
    if ((held?.count ?? 0) >= SAVED_CAR_CAP) throw conflict(`You have ${SAVED_CAR_CAP} saved cars, the most you can keep; remove one to save another.`);
    await tx.insert(favourites).values({ userId, carId }).onConflictDoNothing();
    return true;
  });
}

export async function unsaveCar(db: Db, userId: string, carId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.carId, carId)));
}

/** The buyer's saved cars, newest saved first; those ended or hidden since are in `gone` with why. */
export async function favouritesOf(db: Db, photos: PhotoService, userId: string): Promise<Favourites> {
  const rows = await db
    .select({ car: cars })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.carId));
  const listed = rows.filter(({ car }) => !removedAs(car)).map(({ car }) => car);
  const photosOf = await photos.photosFor(listed);
  return {
    cars: listed.map((car) => toCar(car, photosOf.get(car.id))),
    gone: rows.flatMap(({ car }) => {
      const removed = removedAs(car);
      return removed ? [{ carId: car.id, carName: car.carName, note: GONE_NOTES[removed] }] : [];
    }),
  };
}

/** How many buyers saved each of a seller's cars (My Products); cars nobody saved are left out. */
export async function savesOfSeller(db: Db, sellerId: string): Promise<{ carId: string; savedBy: number }[]> {
  return db
    .select({ carId: favourites.carId, savedBy: count() })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(eq(cars.sellerId, sellerId))
    .groupBy(favourites.carId);
}
