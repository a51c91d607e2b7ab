import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { type Driver, newPostgresDatabase, pgliteTemplate } from './databases';

const API_DIR = path.resolve(__dirname, '..');
const TSX = path.resolve(API_DIR, '../node_modules/.bin/tsx');

/** A database that lives outside this process, so the operator's commands can open it too. */
export interface Place {
  driver: Driver;
  /** What points the commands at it. */
  env: Record<string, string>;
  open(): Database;
  remove(): Promise<void>;
}

/** A migrated database with a photo folder and a release folder of its own (never the repository's .data). */
export async function newPlace(driver: Driver): Promise<Place> {
  const photoDir = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-photos-'));
  const releaseDir = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-releases-'));
  const folders = { PHOTO_DIR: photoDir, RELEASE_DIR: releaseDir };
  const removeFolders = () => [photoDir, releaseDir].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  if (driver === 'postgres') {
    const server = await newPostgresDatabase();
    const open = () => openDatabase({ url: server.url, poolSize: 2 });
    const first = open();
    await first.migrate();
    await first.close();
    return {
      driver,
      env: { DATABASE_URL: server.url, ...folders },
      open,
      remove: async () => {
        removeFolders();
        await server.drop();
      },
    };
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'usedcars-backup-')), 'pglite');
  const first = openDatabase({ pgliteDir: dir, pgliteTemplate: await pgliteTemplate() });
  await first.migrate();
  await first.close();
  return {
    driver,
    env: { DATABASE_URL: '', PGLITE_DIR: dir, ...folders },
    open: () => openDatabase({ pgliteDir: dir }),
    remove: async () => {
      removeFolders();
      rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as the operator would, from `cwd`. */
export function run(command: 'backup' | 'restore', args: string[], place: Place, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [`src/cli/${command}.ts`, ...args], { cwd: API_DIR, env: { ...process.env, ...place.env, INIT_CWD: cwd } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export async function query<T>(database: Database, text: string): Promise<T[]> {
  if (database.driver === 'pglite') return (await (database.client as PGlite).query<T>(text)).rows;
  return (await (database.client as pg.Pool).query(text)).rows as T[];
}
