import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Held by every transaction that writes a car's photos: one request at a time decides its limit, positions and cover (docs/operate-photos.md, "Locks"). */
export async function lockCar(tx: Db, carId: string): Promise<{ img: string; listedImg: string | null; carName: string }> {
  const [car] = await tx.select({ img: cars.img, listedImg: cars.listedImg, carName: cars.carName }).from(cars).where(eq(cars.id, carId)).for('update');
  if (!car) throw notFound(`No car with id ${carId}`);
  return car;
}

/** Per stored file, across API instances, in key order so two transactions never wait on each other crosswise (docs/operate-photos.md, "Locks"). */
export async function lockKeys(tx: Db, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(h) from (select hashtextextended(k, 0) as h from unnest(${`{${sorted.join(',')}}`}::text[]) as k order by k) as locks`,
  );
}
