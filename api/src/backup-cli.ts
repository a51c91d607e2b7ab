/**
 * npm run backup -w api -- --out FILE
 * Writes the whole database (DATABASE_URL, else the embedded PGlite under DATA_DIR) to FILE, a
 * file that `npm run restore` loads into either kind. See docs/operate-backup.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFromEnv } from './config';
import { openDatabase } from './db/client';
import { BackupError, writeBackup } from './db/backup';
import { operatorPath, reportFailure, rowCounts, sizeOf } from './db/backup-cli-support';

const USAGE = 'usage: npm run backup -w api -- --out FILE';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = operatorPath(values.out);
  const { databaseUrl, pgliteDir } = databaseFromEnv();
  // Opening a folder that holds no database would make an empty one there, and back that up.
  if (!databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${pgliteDir}: set DATA_DIR to the folder the site uses, or DATABASE_URL for a PostgreSQL server`);
  }
  const started = Date.now();
  const database = openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 1 } : { pgliteDir });
  try {
    const { header, rows } = await writeBackup(database, file);
    console.log(
      `Backed up ${rowCounts(rows)} (${header.source}, schema ${header.schema.latest}) to ${file}, ${sizeOf(file)}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch(reportFailure('Backup failed'));
