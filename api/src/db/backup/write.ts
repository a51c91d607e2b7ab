/** Writing a backup: the whole database as of one moment, in one gzipped file of JSON lines. */
import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../client';
import { columnsOf, ident, inTransaction, primaryKeyOf, qualified, schemaVersion, tablesInOrder } from './catalogue';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BATCH_ROWS,
  BackupError,
  type BackupHeader,
  type BackupSummary,
  PHOTO_KEYS,
  type PhotoStore,
  type TableSection,
  missingFiles,
} from './format';
import { type ReleaseStore, writeReleaseFiles } from './release-files';

/** Writes a line at a time, waiting whenever gzip asks to. */
class LineWriter {
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.done = pipeline(this.gzip, createWriteStream(file, { flags: 'wx' }));
  }

  async write(value: unknown): Promise<void> {
    await this.writeText(JSON.stringify(value));
  }

  async writeText(text: string): Promise<void> {
    if (!this.gzip.write(`${text}\n`)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
  }
}

/**
 * Writes the whole database to `file` (which must not exist yet): read in one snapshot, written
 * beside it first and renamed at the end, so a file under that name is always complete.
 */
export async function writeBackup(database: Database, file: string, photos?: PhotoStore, releases?: ReleaseStore): Promise<BackupSummary> {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name (a backup never overwrites a file)`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist`);
  const partial = `${file}.partial-${process.pid}`;
  const writer = new LineWriter(partial);
  try {
    const summary = await inTransaction(database, 'snapshot', async (session) => {
      const schema = await schemaVersion(session);
      if (!schema) throw new BackupError('This database has no usedcars schema (no migrations were applied to it): there is nothing to back up');
      const [server] = await session.query<{ version: string }>('select version()');
      const keys = photos ? (await session.query<{ key: string }>(PHOTO_KEYS)).map((row) => row.key) : [];
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        source: database.driver,
        server: server?.version.split(' on ')[0] ?? 'unknown',
        schema,
        tables: await tablesInOrder(session),
        ...(photos ? { photos: { store: photos.name, files: keys.length } } : {}),
        ...(releases ? { releaseFiles: { store: releases.name, baseUrl: releases.baseUrl } } : {}),
      };
      await writer.write(header);
      const rows: Record<string, number> = {};
      for (const table of header.tables) {
        const columns = await columnsOf(session, table);
        const key = await primaryKeyOf(session, table);
        await writer.write({ table, columns: columns.map((c) => c.name), types: columns.map((c) => c.type) } satisfies TableSection);
        // PostgreSQL writes the JSON itself: numbers keep every digit, timestamps every microsecond.
        const select =
          `select json_build_array(${columns.map((c) => ident(c.name)).join(', ')})::text as line from ${qualified(table)}` +
          (key.length > 0 ? ` order by ${key.map(ident).join(', ')}` : '');
        await session.query(`declare backup_rows no scroll cursor for ${select}`);
        let count = 0;
        for (;;) {
          const batch = await session.query<{ line: string }>(`fetch ${BATCH_ROWS} from backup_rows`);
          // A raw line break can only be whitespace between tokens (inside strings it is escaped).
          for (const { line } of batch) await writer.writeText(line.replace(/[\r\n]+/g, ' '));
          count += batch.length;
          if (batch.length < BATCH_ROWS) break;
        }
        await session.query('close backup_rows');
        await writer.write({ end: table, rows: count });
        rows[table] = count;
      }
      // Release files never change under their version: read after the rows, they are still the rows' files.
      const releaseFiles = releases ? await writeReleaseFiles(session, writer, releases) : undefined;
      await writer.write({ end: 'backup', rows });
      return { header, rows, missingPhotos: photos ? (await missingFiles(photos, keys)).length : undefined, releaseFiles };
    });
    await writer.close();
    renameSync(partial, file);
    return summary;
  } catch (error) {
    await writer.abort();
    rmSync(partial, { force: true });
    throw error;
  }
}
