import { count } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { bookings, carPhotoVariants, cars, payments, users } from '../db/schema';
import { Market } from '../features/market/service';
import { deleteUnused } from '../features/photos/unused-files';
import { DEMO_CARS_PER_BRAND, type DemoOptions, type DemoSeedReport, seedDemoCatalog } from './demo-catalog';

/** Cars, bookings and payments go; accounts stay. */
export async function wipeCatalog(db: Db): Promise<void> {
  await db.delete(payments);
  await db.delete(bookings);
  await db.delete(cars);
}

/** First start of an empty database gets the demo data; anything already there is left alone. */
export async function seedIfEmpty(db: Db, options: DemoOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoCatalog(db, options);
  return true;
}

/** Start-up: the migrations, then the demo data if the database is empty; one API instance at a time. */
export function prepareDatabase(database: Database, options: DemoOptions): Promise<boolean> {
  return database.exclusively(async () => {
    await database.migrate();
    const seeded = await seedIfEmpty(database.db, options);
    // Whatever a crash or the migrations left marked is rated before the first request (features/market).
    await new Market(database.db).settle();
    return seeded;
  });
}

/** `npm run seed`: the catalog starts over, accounts stay; uploaded photos' files go once the new catalog no longer uses them (docs/operate-photos.md). */
export async function reseedDemo(db: Db, options: DemoOptions, perBrand = DEMO_CARS_PER_BRAND): Promise<DemoSeedReport> {
  const before = options.photos ? (await db.select({ key: carPhotoVariants.key }).from(carPhotoVariants)).map((row) => row.key) : [];
  await wipeCatalog(db);
  const report = await seedDemoCatalog(db, options, perBrand);
  if (options.photos) await deleteUnused(db, options.photos.storage, before);
  return report;
}
