/**
 * npm run restore -w api -- FILE [--force] [--create]
 * Loads a file written by `npm run backup` into the database (DATABASE_URL, else the embedded
 * PGlite under DATA_DIR), which must hold the application's tables, empty unless --force; a
 * database it would have to create first only with --create. Every photo file the restored rows
 * use must be in this API's photo store; the backup's release files go into its release storage.
 * See docs/operate-backup.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { BackupError, BackupFile, checkSchemaIsKnown, hasAppSchema, restoreBackup } from '../db/backup';
import { operatorPath, photoStoreFromEnv, releaseStoreFromEnv, reportFailure, rowCounts, targetName } from './backup-support';

const USAGE = 'usage: npm run restore -w api -- FILE [--force] [--create]';

const notThere = (target: string) =>
  new BackupError(`${target} holds no usedcars database. Check DATA_DIR or DATABASE_URL; to make a new one there and restore into it, add --create.`);

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, create: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = operatorPath(positionals[0]!);
  // The file is judged before the database is opened: a bad file changes nothing anywhere.
  const backup = await BackupFile.open(file);
  try {
    checkSchemaIsKnown(backup.header);
    const { databaseUrl, pgliteDir, dataDir } = databaseFromEnv();
    const target = targetName(databaseUrl, pgliteDir);
    // Opening a folder with no database would make one: a mistyped DATA_DIR must not "succeed".
    if (!databaseUrl && !values.create && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw notThere(target);
    const started = Date.now();
    const photos = photoStoreFromEnv(dataDir);
    const releases = releaseStoreFromEnv(dataDir);
    // Two connections: exclusively() holds its lock on one while the migration and the load use the other.
    const database = openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { pgliteDir });
    try {
      // Under the start-up lock, an API starting on this database meanwhile waits for the load
      // instead of finding it empty, seeding the demo catalog and making the restore refuse.
      const { header, rows, restoredReleaseFiles, releasesWithoutFiles } = await database.exclusively(async () => {
        if (!values.create && !(await hasAppSchema(database))) throw notThere(target);
        await database.migrate();
        return restoreBackup(database, backup, { force: values.force, photos, releases });
      });
      console.log(
        `Restored ${rowCounts(rows)} from ${file} (written ${header.createdAt} from ${header.source}, schema ${header.schema.latest}) ` +
          `into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s; its photos are in ${photos.name}`,
      );
      if (restoredReleaseFiles !== undefined) console.log(`${restoredReleaseFiles} release files are in ${releases.name}.`);
      else console.warn(`The backup holds no release files (it was written before they were carried); ${releases.name} must hold them.`);
      if (releasesWithoutFiles?.length)
        console.warn(
          `These releases have no files in ${releases.name} and cannot be made live (a live one or a canary was rolled back): ${releasesWithoutFiles.join(', ')}.`,
        );
    } finally {
      releases.close();
      photos.close();
      await database.close();
    }
  } finally {
    await backup.close();
  }
}

main().catch(reportFailure('Restore failed'));
