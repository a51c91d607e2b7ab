/**
 * npm run restore -w api -- FILE [--force]
 * Loads a file written by `npm run backup` into the database (DATABASE_URL, else the embedded
 * PGlite under DATA_DIR), which must be empty unless --force. See docs/operate-backup.md.
 */
import { parseArgs } from 'node:util';
import { databaseFromEnv } from './config';
import { openDatabase } from './db/client';
import { BackupFile, checkSchemaIsKnown, restoreBackup } from './db/backup';
import { operatorPath, reportFailure, rowCounts } from './db/backup-cli-support';

const USAGE = 'usage: npm run restore -w api -- FILE [--force]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = operatorPath(positionals[0]!);
  // The file is judged before the database is opened: a bad file changes nothing anywhere.
  const backup = await BackupFile.open(file);
  try {
    checkSchemaIsKnown(backup.header);
    const { databaseUrl, pgliteDir } = databaseFromEnv();
    const started = Date.now();
    // Two connections: exclusively() holds its lock on one while the migration and the load use the other.
    const database = openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { pgliteDir });
    try {
      // Under the start-up lock, an API starting on this database meanwhile waits for the load
      // instead of finding it empty, seeding the demo catalog and making the restore refuse.
      const { header, rows } = await database.exclusively(async () => {
        await database.migrate();
        return restoreBackup(database, backup, { force: values.force });
      });
      console.log(
        `Restored ${rowCounts(rows)} from ${file} (written ${header.createdAt} from ${header.source}, schema ${header.schema.latest}) ` +
          `into ${database.driver === 'pglite' ? pgliteDir : 'PostgreSQL'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
  } finally {
    await backup.close();
  }
}

main().catch(reportFailure('Restore failed'));
