/**
 * npm run backup -w api -- --out FILE
 * Writes the application's tables (DATABASE_URL, else the embedded PGlite under DATA_DIR) and the
 * registered releases' files to FILE, a file that `npm run restore` loads into either kind. The
 * photo files are not in it: it names the photo store and says whether every file is there.
 * See docs/operate-backup.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { BackupError, writeBackup } from '../db/backup';
import { operatorPath, photoStoreFromEnv, releaseStoreFromEnv, reportFailure, rowCounts, sizeOf, sizeOfBytes, targetName } from './backup-support';

const USAGE = 'usage: npm run backup -w api -- --out FILE';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = operatorPath(values.out);
  const { databaseUrl, pgliteDir, dataDir } = databaseFromEnv();
  // Opening a folder that holds no database would make an empty one there, and back that up.
  if (!databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${pgliteDir}: set DATA_DIR to the folder the site uses, or DATABASE_URL for a PostgreSQL server`);
  }
  const started = Date.now();
  const photos = photoStoreFromEnv(dataDir);
  const releases = releaseStoreFromEnv(dataDir);
  const database = openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 1 } : { pgliteDir });
  try {
    const { header, rows, missingPhotos, releaseFiles } = await writeBackup(database, file, photos, releases);
    console.log(
      `Backed up ${rowCounts(rows)} of ${targetName(databaseUrl, pgliteDir)} (${header.source}, schema ${header.schema.latest}) to ${file}, ` +
        `${sizeOf(file)}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`The ${header.photos?.files ?? 0} photo files are not in the backup: back up ${photos.name} with it (docs/operate-backup.md).`);
    if (missingPhotos) console.warn(`Warning: ${missingPhotos} of those files are already missing from ${photos.name}.`);
    if (releaseFiles) {
      console.log(`It holds the ${releaseFiles.files} files (${sizeOfBytes(releaseFiles.bytes)}) of ${releaseFiles.releases} releases, from ${releases.name}.`);
      if (releaseFiles.without.length > 0)
        console.warn(`No files in ${releases.name} for: ${releaseFiles.without.join(', ')} (registered from another origin, or already lost).`);
    }
  } finally {
    releases.close();
    photos.close();
    await database.close();
  }
}

main().catch(reportFailure('Backup failed'));
