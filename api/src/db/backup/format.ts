/**
 * The backup file's format and what writing and restoring share (docs/operate-backup.md): its
 * header, the photo store it names, and the migrations this API knows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, migrationsFolder } from '../client';

/** What the header says of the files section that follows the tables. */
export interface ReleaseFilesHeader {
  store: string;
  baseUrl: string;
}

/** The summary a backup and a restore print. */
export interface ReleaseFilesSummary {
  releases: number;
  files: number;
  bytes: number;
  /** Releases with no file in the store: registered from another origin, or already lost. */
  without: string[];
}

export const BACKUP_FORMAT = 'usedcars-backup';
/** 2: the release files follow the tables (a version 1 file has none). */
export const BACKUP_VERSION = 2;

/** A refusal or a failure the operator can act on; the CLIs print its message alone. */
export class BackupError extends Error {}

export interface SchemaVersion {
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
  /** The release storage the registry's files came from: they follow the tables (version 2). */
  releaseFiles?: ReleaseFilesHeader;
}

export interface TableSection {
  table: string;
  columns: string[];
  types: string[];
}

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** Photo files the rows use that the store did not have when the backup was made. */
  missingPhotos?: number;
  /** The release files written, and the releases that had none. */
  releaseFiles?: ReleaseFilesSummary;
  /** On restore: release files put in the store, and the releases on it still without their files (named, with their status). */
  restoredReleaseFiles?: number;
  releasesWithoutFiles?: string[];
}

/** The photo store a backup names and a restore checks: its files stay there, outside the backup. */
export interface PhotoStore {
  /** For people: the folder, or the bucket and prefix. */
  name: string;
  exists(key: string): Promise<boolean>;
}

export const PHOTO_KEYS = 'select distinct key from public.car_photo_variants order by key';

export async function missingFiles(store: PhotoStore, keys: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) if (!(await store.exists(key))) missing.push(key);
  return missing;
}

/** Rows travel this many to a statement: large enough to be quick, small enough to stay light. */
export const BATCH_ROWS = 1000;

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations this instance of the API knows, in order. */
export function knownMigrations(): Journal['entries'] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  return [...journal.entries].sort((a, b) => a.when - b.when);
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
