import path from 'node:path';
import type { PhotoStorageSettings } from '../../config';
import { ConfigError, countFromEnv, numberFromEnv } from '../../envValues';

/** The address the API serves release files under when they sit in a folder. */
export const RELEASE_FILES_PATH = '/release-files/';

/** Where release files are published: the photo storage's kind and bucket, with a folder or prefix of their own. */
export interface ReleaseSettings {
  storage: PhotoStorageSettings;
  /** Where the release files are served from (the API's /release-files/ or the bucket's public address and prefix): a release's manifest must be under it. */
  filesBaseUrl: string;
  /** Other origins (or base addresses ending in /) a release may be loaded from: RELEASE_ORIGINS. */
  origins: string[];
  /** The site whose shell the API's preflight judges a build against (SITE_URL). */
  siteUrl: string;
  /** How long an admin's pin lasts. */
  pinTtlSeconds: number;
  /** When a canary is taken out of rotation on its own (docs/releases.md, "Automatic rollback"). */
  rollback: RollbackSettings;
}

export interface RollbackSettings {
  /** Percentage points the canary's error or fallback rate may exceed the live release's by. */
  marginPoints: number;
  /** Page views (for the error rate) or renders (for the fallback rate) the canary needs before it is judged. */
  minViews: number;
  /** How often each API copy checks the canaries; 0 never. */
  checkMs: number;
}

export const defaultRollbackSettings: RollbackSettings = { marginPoints: 5, minViews: 50, checkMs: 30_000 };

/** RELEASE_ORIGINS: comma-separated http(s) origins or base addresses; anything else stops the API at start. */
function releaseOriginsFromEnv(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
      throw new ConfigError(`RELEASE_ORIGINS takes http(s) origins or base addresses separated by commas, got "${entry}"`);
  }
  return entries;
}

/** The addresses the site's own pages and the API use, which the release settings build on. */
export interface SiteAddresses {
  siteUrl: string;
  publicApiUrl: string;
}

/** RELEASE_DIR (DATA_DIR/releases) beside a photo folder; beside S3 photos, the bucket under RELEASE_S3_PREFIX (the photos' prefix + releases/). */
export function releaseSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  photos: PhotoStorageSettings,
  resolve: (dir: string) => string,
  rollback: RollbackSettings,
  { siteUrl, publicApiUrl }: SiteAddresses,
): ReleaseSettings {
  const shared = { pinTtlSeconds: Number(env.RELEASE_PIN_TTL_SECONDS || 8 * 3600), rollback, origins: releaseOriginsFromEnv(env.RELEASE_ORIGINS), siteUrl };
  if (photos.kind === 'folder') {
    const storage = { kind: 'folder' as const, dir: resolve(env.RELEASE_DIR || path.join(dataDir, 'releases')) };
    return { ...shared, storage, filesBaseUrl: `${publicApiUrl}${RELEASE_FILES_PATH}` };
  }
  const prefix = env.RELEASE_S3_PREFIX?.trim() || `${photos.prefix}releases/`;
  return { ...shared, storage: { ...photos, prefix }, filesBaseUrl: `${photos.publicBaseUrl.replace(/\/+$/, '')}/${prefix}` };
}

/** RELEASE_ROLLBACK_MARGIN (percentage points, 5), RELEASE_ROLLBACK_MIN_VIEWS (50), RELEASE_ROLLBACK_CHECK_MS (30 s; 0 never checks). */
export function rollbackSettingsFromEnv(env: NodeJS.ProcessEnv): RollbackSettings {
  const defaults = defaultRollbackSettings;
  const marginPoints = numberFromEnv(env.RELEASE_ROLLBACK_MARGIN, defaults.marginPoints);
  if (marginPoints > 100) throw new ConfigError(`RELEASE_ROLLBACK_MARGIN is in percentage points (0–100), got "${env.RELEASE_ROLLBACK_MARGIN}"`);
  return {
    marginPoints,
    minViews: countFromEnv('RELEASE_ROLLBACK_MIN_VIEWS', env.RELEASE_ROLLBACK_MIN_VIEWS, defaults.minViews, 1),
    checkMs: countFromEnv('RELEASE_ROLLBACK_CHECK_MS', env.RELEASE_ROLLBACK_CHECK_MS, defaults.checkMs, 0),
  };
}
