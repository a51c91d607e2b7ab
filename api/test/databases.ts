import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; a real PostgreSQL too when TEST_DATABASE_URL names one. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const migrationsDir = path.resolve(__dirname, '../drizzle');

/** A migrated PGlite data directory saved once per version of the migrations: a start from it takes well under a second, initdb plus migrations several. */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha1');
  for (const file of readdirSync(migrationsDir).sort()) if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsDir, file)));
  // The journal too: the migrator goes by timestamps, so a migration generated again would run twice over an older template.
  hash.update(readFileSync(path.join(migrationsDir, 'meta/_journal.json')));
  const file = path.join(tmpdir(), `usedcars-pglite-${hash.digest('hex').slice(0, 12)}.tar`);
  if (!existsSync(file)) {
    const database = openDatabase({});
    await database.migrate();
    const dump = await (database.client as PGlite).dumpDataDir('none');
    await database.close();
    // Written aside then renamed, so parallel workers never read half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A new, empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `usedcars_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') {
    const database = openDatabase({ pgliteTemplate: await pgliteTemplate() });
    await database.migrate();
    return database;
  }
  const server = await newPostgresDatabase();
  const database = openDatabase({ url: server.url, poolSize: 25 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}
