/**
 * npm run seed -w api                       demo catalog again (cars, bookings, payments; accounts stay)
 * npm run seed -w api -- --cars 100000      100,000 cars PER BRAND (300,000 in all), for benchmarks
 */
import { parseArgs } from 'node:util';
import { settingsFromEnv } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { S3Storage, storageFromSettings } from '../features/photos/storage';
import { demoPhotoCacheDir } from '../seed/demo-photos';
import { seedLargeCatalog } from '../seed/large-catalog';
import { reseedDemo } from '../seed/seed';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { cars: { type: 'string' } } });
  const perBrand = values.cars === undefined ? undefined : Number(values.cars);
  if (perBrand !== undefined && !(Number.isInteger(perBrand) && perBrand > 0)) throw new Error('--cars takes a positive whole number');
  // Refuses an emulator where it must not be, before the database is opened.
  const settings = settingsFromEnv();
  // Demo buyer, admin and orders only beside the emulator, where the server makes their sign-ins.
  const demoSignIns = Boolean(settings.identity.emulatorHost);
  const database = openConfiguredDatabase(settings);
  const storage = storageFromSettings(settings.app.photos.storage);
  try {
    await database.migrate();
    const started = Date.now();
    if (perBrand === undefined) {
      const report = await reseedDemo(database.db, {
        demoSignIns,
        photos: { storage, cacheDir: demoPhotoCacheDir() },
        mileageUnit: settings.app.site.mileageUnit,
      });
      console.log(
        `Seeded the demo catalog in ${Date.now() - started} ms (${database.driver}): ${report.cars} cars, ${report.photos} photos ` +
          `(${report.processed} pictures processed, ${report.reused} reused from earlier seeds)`,
      );
    } else {
      await seedLargeCatalog(database.db, perBrand, undefined, settings.app.site.mileageUnit);
      console.log(`Seeded ${perBrand} cars per brand in ${Date.now() - started} ms (${database.driver})`);
    }
  } finally {
    if (storage instanceof S3Storage) storage.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
