import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/** Both drivers speak the same PostgreSQL through the same query builder. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The server's address (PostgreSQL only), for sessions of their own such as LISTEN's. */
  url?: string;
  /** The driver's own client, for what the query builder does not cover (COPY, dumps). */
  client: PGlite | pg.Pool;
  /** Applies the versioned files of api/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other API instance or command runs its own: instances started together on a
   * new database would otherwise apply the same migration (one of them failing) or seed twice.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** A PostgreSQL server (DATABASE_URL). */
  | { url: string; poolSize?: number; onIdleError?: (error: Error) => void }
  /** Embedded PGlite, persisted in `dir`, or in memory without one (optionally started from a dump). */
  | { pgliteDir?: string; pgliteTemplate?: Blob };

export const migrationsFolder = path.resolve(__dirname, '../../drizzle');

/** The advisory lock key of start-up's migrations and seeding. */
const STARTUP_LOCK = 0x5543_5354; // "UCST"

/** A session-level lock held on one connection of the pool while the work uses any of them. */
async function underLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const session = await pool.connect();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    session.release();
  }
}

export function openDatabase(options: DatabaseOptions): Database {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection cut by the server (restart, failover) must not crash the API: the pool
    // drops it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection cut while a request holds it between two queries (a transaction waiting on the object store) emits
    // its error on the client, not the pool: its next query fails instead, and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePostgres(pool, { schema });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      url: options.url,
      client: pool,
      migrate: () => migratePostgres(db, { migrationsFolder }),
      exclusively: (work) => underLock(pool, work),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    release = lockDataDir(options.pgliteDir);
  }
  // The options-only form: with an undefined dataDir argument PGlite drops the extensions.
  const client = new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.pgliteTemplate, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns a PGlite folder (the lock file above refuses a second): there is nobody to wait for.
    exclusively: (work) => work(),
    close: () => client.close().finally(release),
  };
}

/** The database the environment names: DATABASE_URL when set, else PGlite in its folder. */
export function openConfiguredDatabase(settings: { databaseUrl?: string; pgliteDir: string }): Database {
  return openDatabase(
    settings.databaseUrl
      ? { url: settings.databaseUrl, onIdleError: (error) => console.warn(`database connection lost: ${error.message}`) }
      : { pgliteDir: settings.pgliteDir },
  );
}
