import { statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, photoSettingsFromEnv } from '../config';
import { S3Storage, storageFromSettings } from '../features/photos/storage';
import { releaseStorage } from '../features/releases/files';
import { defaultRollbackSettings, releaseSettingsFromEnv } from '../features/releases/settings';
import { mailSettingsFromEnv } from '../mail/settings';
import { BackupError, type PhotoStore, type ReleaseStore } from '../db/backup';
import { DataDirInUseError } from '../db/pglite-lock';

/**
 * A path as the operator typed it. `npm run -w api` runs in api/, so a relative path is taken
 * from the folder npm was started in (INIT_CWD), where the operator expects it.
 */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export const rowCounts = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');

export function sizeOfBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const sizeOf = (file: string): string => sizeOfBytes(statSync(file).size);

/** Refusals print their message alone; anything unexpected keeps its stack for whoever debugs it. */
export function reportFailure(what: string) {
  return (error: unknown) => {
    if (error instanceof BackupError || error instanceof DataDirInUseError) console.error(`${what}: ${error.message}`);
    else if (error instanceof Error && 'code' in error && typeof error.code === 'string') console.error(`${what}: ${error.message}`);
    else console.error(`${what}:`, error instanceof Error && !error.stack ? error.message : error);
    process.exit(1);
  };
}

/** The database a command works on, named for the operator: the folder, or the server and database (never the password). */
export function targetName(databaseUrl: string | undefined, pgliteDir: string): string {
  if (!databaseUrl) return pgliteDir;
  const url = new URL(databaseUrl);
  return `PostgreSQL database "${decodeURIComponent(url.pathname.slice(1))}" on ${url.hostname}:${url.port || '5432'}`;
}

/** The photo store this API is set up with (PHOTO_STORAGE and the rest), to name and check; `close` when done. */
export function photoStoreFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): PhotoStore & { close(): void } {
  const settings = photoSettingsFromEnv(env, dataDir).storage;
  const storage = storageFromSettings(settings);
  const name = settings.kind === 'folder' ? settings.dir : `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  return { name, exists: (key) => storage.exists(key), close: () => (storage instanceof S3Storage ? storage.destroy() : undefined) };
}

/** The release storage this API is set up with (RELEASE_DIR, or the photo bucket under RELEASE_S3_PREFIX), with the address its files are served from. */
export function releaseStoreFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): ReleaseStore & { close(): void } {
  const photos = photoSettingsFromEnv(env, dataDir).storage;
  const addresses = mailSettingsFromEnv(env, (_name, value, fallback) => Number(value) || fallback);
  const settings = releaseSettingsFromEnv(env, dataDir, photos, (dir) => path.resolve(REPO_ROOT, dir), defaultRollbackSettings, addresses);
  const storage = releaseStorage(settings);
  const name = settings.storage.kind === 'folder' ? settings.storage.dir : `s3://${settings.storage.bucket}/${settings.storage.prefix}`;
  return {
    name,
    baseUrl: settings.filesBaseUrl,
    keysUnder: (prefix) => storage.keysUnder(prefix),
    get: (key) => storage.get(key),
    replace: async (key, bytes) => {
      await storage.delete(key);
      await storage.put(key, bytes);
    },
    close: () => (storage instanceof S3Storage ? storage.destroy() : undefined),
  };
}
