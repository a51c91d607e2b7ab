/**
 * Logical backups that move between PGlite and PostgreSQL: one gzipped file of JSON lines.
 * docs/operate-backup.md describes the format and the choices behind it.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, openSync, readSync, closeSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Database, migrationsFolder } from './client';
import * as schema from './schema';

const BACKUP_FORMAT = 'usedcars-backup';
const BACKUP_VERSION = 1;

/** A refusal or a failure the operator can act on; the CLIs print its message alone. */
export class BackupError extends Error {}

interface SchemaVersion {
  /** How many migrations of api/drizzle were applied. */
  migrations: number;
  /** The tag of the last one (its file name without .sql). */
  latest: string;
  /** Its timestamp in the journal, which is what orders migrations. */
  latestAt: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Database['driver'];
  server: string;
  schema: SchemaVersion;
  /** In the order their sections follow: every table before those that refer to it. */
  tables: string[];
  /** The photo store the photo rows point into: its files are not in the backup (docs/operate-backup.md). */
  photos?: { store: string; files: number };
}

interface TableSection {
  table: string;
  columns: string[];
  types: string[];
}

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** Photo files the rows use that the store did not have when the backup was made. */
  missingPhotos?: number;
}

/** The photo store a backup names and a restore checks: its files stay there, outside the backup. */
export interface PhotoStore {
  /** For people: the folder, or the bucket and prefix. */
  name: string;
  exists(key: string): Promise<boolean>;
}

const PHOTO_KEYS = 'select distinct key from public.car_photo_variants order by key';

async function missingFiles(store: PhotoStore, keys: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) if (!(await store.exists(key))) missing.push(key);
  return missing;
}

/** Rows travel this many to a statement: large enough to be quick, small enough to stay light. */
const BATCH_ROWS = 1000;

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations this copy of the API knows, in order. */
export function knownMigrations(): Journal['entries'] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction on one connection. A snapshot is REPEATABLE READ and read-only,
 * so every table is read as of the same moment while the API goes on writing.
 */
async function inTransaction<T>(database: Database, mode: 'snapshot' | 'write', work: (session: Session) => Promise<T>): Promise<T> {
  // The file's timestamps carry their offset anyway; UTC only makes two dumps of one database identical.
  if (database.driver === 'pglite') {
    // PGlite's own transaction() also keeps the app's other queries out until it ends.
    return (database.client as PGlite).transaction(async (tx: Transaction) => {
      const session: Session = { query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows };
      // SET TRANSACTION must come first in the transaction.
      if (mode === 'snapshot') await session.query('set transaction isolation level repeatable read read only');
      await session.query('set local time zone utc');
      return work(session);
    });
  }
  const client = await (database.client as pg.Pool).connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    await client.query('set local time zone utc');
    const result = await work({ query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => `public.${ident(table)}`;

async function schemaVersion(session: Session): Promise<SchemaVersion | null> {
  const [table] = await session.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table?.found) return null;
  const [row] = await session.query<{ n: number; at: string | null }>(
    `select count(*)::int as n, max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  if (!row || row.n === 0 || row.at === null) return null;
  const latestAt = Number(row.at);
  return { migrations: row.n, latestAt, latest: knownMigrations().find((entry) => entry.when === latestAt)?.tag ?? `unknown (${latestAt})` };
}

/** Whether the database holds the application's schema (any migration applied). */
export async function hasAppSchema(database: Database): Promise<boolean> {
  return (await inTransaction(database, 'snapshot', schemaVersion)) !== null;
}

/** The tables the Drizzle schema declares: the only ones a backup reads and a restore writes, in a shared database too. */
const APP_TABLES: ReadonlySet<string> = new Set((Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])));

/** The application's tables, each after every table it refers to. */
async function tablesInOrder(session: Session): Promise<string[]> {
  const tables = (
    await session.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  )
    .map((row) => row.name)
    .filter((name) => APP_TABLES.has(name));
  const references = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const waiting = new Set(tables);
  while (waiting.size > 0) {
    const ready = [...waiting].filter((table) => !references.some((ref) => ref.child === table && waiting.has(ref.parent)));
    if (ready.length === 0) throw new BackupError(`The tables ${[...waiting].join(', ')} refer to each other in a cycle; no load order exists`);
    for (const table of ready) {
      ordered.push(table);
      waiting.delete(table);
    }
  }
  return ordered;
}

/** The columns a row is written and read with; generated columns are computed again on restore. */
async function columnsOf(session: Session, table: string): Promise<{ name: string; type: string }[]> {
  return session.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [qualified(table)],
  );
}

async function primaryKeyOf(session: Session, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
    [qualified(table)],
  );
  return rows.map((row) => row.name);
}

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
export async function writeBackup(database: Database, file: string, photos?: PhotoStore): Promise<BackupSummary> {
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
      await writer.write({ end: 'backup', rows });
      return { header, rows, missingPhotos: photos ? (await missingFiles(photos, keys)).length : undefined };
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

interface Line {
  number: number;
  text: string;
  value: unknown;
}

/** A backup file read a line at a time, with every way it can be wrong told in words. */
export class BackupFile {
  private lineNumber = 0;
  /** Set by open(), which refuses a file without one. */
  header!: BackupHeader;

  private constructor(
    readonly file: string,
    private readonly iterator: AsyncIterator<string>,
  ) {}

  static async open(file: string): Promise<BackupFile> {
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) throw new BackupError(`${file} is not a file`);
      size = stat.size;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`No backup file at ${file}`);
    }
    const magic = Buffer.alloc(2);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, magic, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
    if (size < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) throw new BackupError(`${file} is not a usedcars backup: it is not gzip-compressed`);
    const reader = new BackupFile(file, readLines(file)[Symbol.asyncIterator]());
    try {
      const header = (await reader.next())?.value as Partial<BackupHeader> | undefined;
      if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT)
        throw new BackupError(`${file} is not a usedcars backup: its first line is not a usedcars backup header`);
      if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
        throw new BackupError(
          `${file} is in backup format version ${String(header.version)}; this API reads version ${BACKUP_VERSION} and older. Restore it with a newer version of the API.`,
        );
      }
      if (!header.schema || !Array.isArray(header.tables)) throw new BackupError(`${file} is damaged: its header has no schema version or table list`);
      reader.header = header as BackupHeader;
      return reader;
    } catch (error) {
      await reader.close();
      throw error;
    }
  }

  /** The next line, parsed; null at the end of the file. */
  async next(): Promise<Line | null> {
    let result: IteratorResult<string>;
    try {
      result = await this.iterator.next();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_') || /unexpected end|incorrect|invalid/i.test((error as Error).message)) {
        throw new BackupError(`${this.file} is damaged or incomplete (${(error as Error).message}, after line ${this.lineNumber})`);
      }
      throw error;
    }
    if (result.done) return null;
    this.lineNumber += 1;
    try {
      return { number: this.lineNumber, text: result.value, value: JSON.parse(result.value) as unknown };
    } catch {
      throw new BackupError(`${this.file} is damaged: line ${this.lineNumber} is not valid JSON`);
    }
  }

  /** Reads to the end without loading anything; closes the file early on a refusal. */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // pipeline() hands a read error on to gunzip, which then throws out of the loop below.
  const piped = pipeline(createReadStream(file), gunzip).catch(() => undefined);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let end = rest.indexOf('\n');
      while (end >= 0) {
        yield rest.slice(0, end);
        rest = rest.slice(end + 1);
        end = rest.indexOf('\n');
      }
    }
    rest += decoder.end();
    if (rest.length > 0) yield rest;
  } finally {
    gunzip.destroy();
    await piped;
  }
}

/** What stops a file from being restored by this API at all, before any database is touched. */
export function checkSchemaIsKnown(header: BackupHeader): void {
  const known = knownMigrations();
  const latest = known.at(-1);
  const match = known.find((entry) => entry.when === header.schema.latestAt);
  if (!latest || header.schema.latestAt > latest.when || !match) {
    throw new BackupError(
      `The backup was written by a newer version of the API: its schema is at migration ${header.schema.latest} (${header.schema.migrations} migrations), ` +
        `this API knows up to ${latest?.tag ?? 'none'} (${known.length}). Upgrade the API, then restore.`,
    );
  }
}

export interface RestoreOptions {
  /** Replace what the application's tables hold; without it a target with any row there is refused. */
  force?: boolean;
  /** Where this API keeps photos: every file the restored photo rows use must be there, or nothing is restored. */
  photos?: PhotoStore;
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
    const targetTables = await tablesInOrder(session);
    const columnsByTable = new Map<string, string[]>();
    for (const table of targetTables)
      columnsByTable.set(
        table,
        (await columnsOf(session, table)).map((c) => c.name),
      );
    const missing = header.tables.filter((table) => !columnsByTable.has(table));
    if (missing.length > 0) throw new BackupError(`The backup has tables this database does not: ${missing.join(', ')}`);

    const filled: string[] = [];
    for (const table of targetTables) {
      const [row] = await session.query<{ filled: boolean }>(`select exists (select 1 from ${qualified(table)}) as filled`);
      if (row?.filled) filled.push(table);
    }
    if (filled.length > 0) {
      if (!options.force) {
        throw new BackupError(
          `The target database is not empty (${filled.join(', ')} ${filled.length === 1 ? 'has' : 'have'} rows). ` +
            `Restore into an empty database, or add --force to replace what the application's tables hold.`,
        );
      }
      await session.query(`truncate table ${targetTables.map(qualified).join(', ')}`);
    }

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
    const trailer = (await backup.next())?.value as { end?: string; rows?: Record<string, number> } | undefined;
    if (trailer?.end !== 'backup') throw new BackupError(`${backup.file} is incomplete: its closing line is missing`);
    if (JSON.stringify(trailer.rows) !== JSON.stringify(rows)) throw new BackupError(`${backup.file} is damaged: its row counts do not match its rows`);
    if ((await backup.next()) !== null) throw new BackupError(`${backup.file} is damaged: there is more after its closing line`);

    await session.query(`set local maintenance_work_mem = '128MB'`);
    for (const index of deferred) await session.query(index.definition);
    if (options.photos) {
      const keys = (await session.query<{ key: string }>(PHOTO_KEYS)).map((row) => row.key);
      const missing = await missingFiles(options.photos, keys);
      if (missing.length > 0) {
        throw new BackupError(
          `${missing.length} of the ${keys.length} photo files the backup's photos use are not in ${options.photos.name}` +
            `${header.photos ? ` (the backup was made with the photos in ${header.photos.store})` : ''}. ` +
            'Copy the photo store over first (docs/operate-backup.md), then restore again; nothing was restored.',
        );
      }
    }
    await resetSequences(session, header.tables);
    // The planner's statistics of a table that was just filled.
    for (const table of header.tables) await session.query(`analyze ${qualified(table)}`);
    return { header, rows };
  });
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
