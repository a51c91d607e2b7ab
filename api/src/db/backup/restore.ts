/** Restoring a backup into a migrated database: all of it in one transaction, or nothing. */
import type { Database } from '../client';
import { type Session, columnsOf, ident, inTransaction, qualified, schemaVersion, tablesInOrder } from './catalogue';
import type { BackupFile } from './file';
import { type ReleaseStore, releasesWithoutFiles as withoutFiles, restoreReleaseFiles } from './release-files';
import { BATCH_ROWS, BackupError, type BackupSummary, PHOTO_KEYS, type PhotoStore, type TableSection, checkSchemaIsKnown, missingFiles } from './format';

export interface RestoreOptions {
  /** Replace what the application's tables hold; without it a target with any row there is refused. */
  force?: boolean;
  /** Where this API keeps photos: every file the restored photo rows use must be there, or nothing is restored. */
  photos?: PhotoStore;
  /** Where this API keeps release files: the backup's go there, and a live release still without its files is rolled back. */
  releases?: ReleaseStore;
}

/**
 * Loads `backup` into a migrated database in one transaction: all of it or, on any error, none.
 * The target's schema may be newer than the file's (columns added since keep their defaults);
 * a table or column the target no longer has is refused rather than dropped silently.
 */
export async function restoreBackup(database: Database, backup: BackupFile, options: RestoreOptions = {}): Promise<BackupSummary> {
  const { header } = backup;
  checkSchemaIsKnown(header);
  return inTransaction(database, 'write', async (session) => {
    const target = await schemaVersion(session);
    if (!target) throw new BackupError('The target database has no usedcars schema; migrate it first (the restore command does)');
    if (target.latestAt < header.schema.latestAt) {
      throw new BackupError(
        `The backup's schema (${header.schema.latest}) is newer than this database's (${target.latest}). Upgrade the API and migrate the database, then restore.`,
      );
    }
    const columnsByTable = await emptiedTarget(session, header.tables, options.force === true);

    // Indexes are built once after the load instead of row by row during it: several times faster
    // with the trigram search indexes. Those behind a constraint stay, so keys are still checked
    // as rows arrive; a unique index dropped here checks its rows when it is built again.
    const deferred = await session.query<{ name: string; definition: string }>(
      `select quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = 'public' and t.relname = any($1::text[])
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       order by 1`,
      [header.tables],
    );
    for (const index of deferred) await session.query(`drop index public.${index.name}`);
    // The rows arrive as they were, derived ones too (the search's words, the market's marks): the tables' own triggers stay out of it.
    for (const table of header.tables) await session.query(`alter table ${qualified(table)} disable trigger user`);

    const rows: Record<string, number> = {};
    for (const expected of header.tables) {
      const sectionLine = await backup.next();
      const section = sectionLine?.value as Partial<TableSection> | undefined;
      if (!sectionLine) throw new BackupError(`${backup.file} is incomplete: it ends before the table ${expected}`);
      if (!section || section.table !== expected || !Array.isArray(section.columns)) {
        throw new BackupError(`${backup.file} is damaged: line ${sectionLine.number} should start the table ${expected}`);
      }
      const columns = section.columns;
      const unknown = columns.filter((column) => !columnsByTable.get(expected)!.includes(column));
      if (unknown.length > 0) throw new BackupError(`The backup's table ${expected} has columns this database does not: ${unknown.join(', ')}`);
      rows[expected] = await loadSection(session, backup, expected, columns);
    }
    const restoredReleaseFiles = header.releaseFiles ? await restoreReleaseFiles(backup, options.releases) : undefined;
    const trailer = (await backup.next())?.value as { end?: string; rows?: Record<string, number> } | undefined;
    if (trailer?.end !== 'backup') throw new BackupError(`${backup.file} is incomplete: its closing line is missing`);
    if (JSON.stringify(trailer.rows) !== JSON.stringify(rows)) throw new BackupError(`${backup.file} is damaged: its row counts do not match its rows`);
    if ((await backup.next()) !== null) throw new BackupError(`${backup.file} is damaged: there is more after its closing line`);

    for (const table of header.tables) await session.query(`alter table ${qualified(table)} enable trigger user`);
    await session.query(`set local maintenance_work_mem = '128MB'`);
    for (const index of deferred) await session.query(index.definition);
    if (options.photos) await checkPhotoFiles(session, options.photos, header.photos?.store);
    const releasesWithoutFiles = options.releases ? await withoutFiles(session, options.releases, header.releaseFiles) : undefined;
    await resetSequences(session, header.tables);
    // The planner's statistics of a table that was just filled.
    for (const table of header.tables) await session.query(`analyze ${qualified(table)}`);
    return { header, rows, restoredReleaseFiles, releasesWithoutFiles };
  });
}

/**
 * The target's tables and their columns, once it is known to have every table of the backup and
 * no rows (or, with `force`, after the application's tables were emptied).
 */
async function emptiedTarget(session: Session, backupTables: readonly string[], force: boolean): Promise<Map<string, string[]>> {
  const targetTables = await tablesInOrder(session);
  const columnsByTable = new Map<string, string[]>();
  for (const table of targetTables)
    columnsByTable.set(
      table,
      (await columnsOf(session, table)).map((c) => c.name),
    );
  const missing = backupTables.filter((table) => !columnsByTable.has(table));
  if (missing.length > 0) throw new BackupError(`The backup has tables this database does not: ${missing.join(', ')}`);

  const filled: string[] = [];
  for (const table of targetTables) {
    const [row] = await session.query<{ filled: boolean }>(`select exists (select 1 from ${qualified(table)}) as filled`);
    if (row?.filled) filled.push(table);
  }
  if (filled.length > 0) {
    if (!force) {
      throw new BackupError(
        `The target database is not empty (${filled.join(', ')} ${filled.length === 1 ? 'has' : 'have'} rows). ` +
          `Restore into an empty database, or add --force to replace what the application's tables hold.`,
      );
    }
    await session.query(`truncate table ${targetTables.map(qualified).join(', ')}`);
  }

  return columnsByTable;
}

/** Every photo file the restored rows use must be in this API's store, or the restore is refused. */
async function checkPhotoFiles(session: Session, photos: PhotoStore, madeWith: string | undefined): Promise<void> {
  const keys = (await session.query<{ key: string }>(PHOTO_KEYS)).map((row) => row.key);
  const missing = await missingFiles(photos, keys);
  if (missing.length > 0) {
    throw new BackupError(
      `${missing.length} of the ${keys.length} photo files the backup's photos use are not in ${photos.name}` +
        `${madeWith ? ` (the backup was made with the photos in ${madeWith})` : ''}. ` +
        'Copy the photo store over first (docs/operate-backup.md), then restore again; nothing was restored.',
    );
  }
}

async function loadSection(session: Session, backup: BackupFile, table: string, columns: string[]): Promise<number> {
  // jsonb_populate_record turns each JSON value into the column's type, arrays and all; the
  // object is built in pieces because a function takes at most 100 arguments.
  const pieces: string[] = [];
  for (let start = 0; start < columns.length; start += 50) {
    const pairs = columns.slice(start, start + 50).map((column, offset) => `'${column.replace(/'/g, "''")}', r.value -> ${start + offset}`);
    pieces.push(`jsonb_build_object(${pairs.join(', ')})`);
  }
  const list = columns.map(ident).join(', ');
  const insert =
    `insert into ${qualified(table)} (${list}) overriding system value ` +
    `select ${columns.map((column) => `p.${ident(column)}`).join(', ')} from jsonb_array_elements($1::jsonb) as r, ` +
    `jsonb_populate_record(null::${qualified(table)}, ${pieces.join(' || ')}) as p`;
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.query(insert, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
  };
  for (;;) {
    const line = await backup.next();
    if (!line) throw new BackupError(`${backup.file} is incomplete: it ends inside the table ${table} (after ${count + batch.length} rows)`);
    if (Array.isArray(line.value)) {
      if (line.value.length !== columns.length)
        throw new BackupError(`${backup.file} is damaged: line ${line.number} has ${line.value.length} values for ${columns.length} columns`);
      // The text goes to the database as written: parsing it in JS would round long numbers.
      batch.push(line.text);
      if (batch.length >= BATCH_ROWS) await flush();
      continue;
    }
    const end = line.value as { end?: string; rows?: number };
    if (end?.end !== table) throw new BackupError(`${backup.file} is damaged: line ${line.number} is not a row of the table ${table}`);
    await flush();
    if (end.rows !== count) throw new BackupError(`${backup.file} is damaged: the table ${table} should have ${String(end.rows)} rows, it has ${count}`);
    return count;
  }
}

/** Serial and identity columns continue after the restored rows, not from 1. */
async function resetSequences(session: Session, tables: string[]): Promise<void> {
  for (const table of tables) {
    const owned = await session.query<{ column: string; sequence: string }>(
      `select a.attname as column, pg_get_serial_sequence($1::text, a.attname) as sequence from pg_attribute a
       where a.attrelid = $1::text::regclass and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence($1::text, a.attname) is not null`,
      [qualified(table)],
    );
    for (const { column, sequence } of owned) {
      await session.query(`select setval($1::regclass, max(${ident(column)}), true) from ${qualified(table)} having max(${ident(column)}) is not null`, [
        sequence,
      ]);
    }
  }
}
