/** The database side of a backup: one transaction on one connection, and what the catalogue says of the tables. */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as schema from '../schema';
import { BackupError, type SchemaVersion, knownMigrations } from './format';

export interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction on one connection. A snapshot is REPEATABLE READ and read-only,
 * so every table is read as of the same moment while the API goes on writing.
 */
export async function inTransaction<T>(database: Database, mode: 'snapshot' | 'write', work: (session: Session) => Promise<T>): Promise<T> {
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

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (table: string) => `public.${ident(table)}`;

export async function schemaVersion(session: Session): Promise<SchemaVersion | null> {
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
export async function tablesInOrder(session: Session): Promise<string[]> {
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
export async function columnsOf(session: Session, table: string): Promise<{ name: string; type: string }[]> {
  return session.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [qualified(table)],
  );
}

export async function primaryKeyOf(session: Session, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
    [qualified(table)],
  );
  return rows.map((row) => row.name);
}
