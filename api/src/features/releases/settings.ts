import path from 'node:path';
import type { PhotoStorageSettings } from '../photos/storage-settings';
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
  /** When a canary is judged healthy or failing, and how often (docs/releases.md, "The verdict"). */
  rollback: RollbackSettings;
  /** Where automatic rollbacks, promotions and ramp steps are posted, signed; null for nowhere. */
  webhook: WebhookSettings | null;
}

export interface RollbackSettings {
  /** Percentage points the canary's error or fallback rate may exceed its baseline's by. */
  marginPoints: number;
  /** How much slower (a ratio: 0.5 is 50 %) the canary's p75 LCP or INP may be than its baseline's. */
  vitalsMargin: number;
  /**
   * Distinct visitor networks (an IPv4 address, an IPv6 /64) whose browser reports it takes to act on them: errors from fewer
   * make a canary suspect, never rolled back; page views from fewer never make it healthy (docs/releases.md, "The verdict").
   */
  minNetworks: number;
  /** Past this age a canary from enough networks with nothing past a margin, even on few numbers, counts as healthy. */
  minAgeMs: number;
  /** How often each API instance checks the canaries; 0 never. */
  checkMs: number;
}

export interface WebhookSettings {
  url: string;
  /** Signs each delivery (HMAC-SHA256), so the receiver can tell it came from this site. */
  secret: string;
  /** The waits before each try after the first; a delivery is given up after the last. */
  retryDelaysMs: number[];
}

export const defaultRollbackSettings: RollbackSettings = {
  marginPoints: 5,
  vitalsMargin: 0.5,
  // Two, three or ten addresses a forger holds do not reach it.
  minNetworks: 12,
  minAgeMs: 30 * 60_000,
  checkMs: 30_000,
};

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

/**
 * RELEASE_DIR (DATA_DIR/releases) beside a photo folder; beside S3 photos, the bucket under RELEASE_S3_PREFIX (the photos'
 * prefix + releases/), served from RELEASE_PUBLIC_BASE_URL (the photos' address): photos may come from the page's own host
 * while the remotes' code stays on the files' host (docs/operate-production.md).
 */
export function releaseSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  photos: PhotoStorageSettings,
  resolve: (dir: string) => string,
  rollback: RollbackSettings,
  { siteUrl, publicApiUrl }: SiteAddresses,
): ReleaseSettings {
  const shared = {
    pinTtlSeconds: Number(env.RELEASE_PIN_TTL_SECONDS || 8 * 3600),
    rollback,
    webhook: webhookSettingsFromEnv(env),
    origins: releaseOriginsFromEnv(env.RELEASE_ORIGINS),
    siteUrl,
  };
  if (photos.kind === 'folder') {
    const storage = { kind: 'folder' as const, dir: resolve(env.RELEASE_DIR || path.join(dataDir, 'releases')) };
    return { ...shared, storage, filesBaseUrl: `${publicApiUrl}${RELEASE_FILES_PATH}` };
  }
  const prefix = env.RELEASE_S3_PREFIX?.trim() || `${photos.prefix}releases/`;
  const publicBaseUrl = env.RELEASE_PUBLIC_BASE_URL?.trim() || photos.publicBaseUrl;
  if (!/^https?:\/\/[^/]/.test(publicBaseUrl)) throw new ConfigError(`RELEASE_PUBLIC_BASE_URL must be an http(s) address, got "${publicBaseUrl}"`);
  return { ...shared, storage: { ...photos, prefix, publicBaseUrl }, filesBaseUrl: `${publicBaseUrl.replace(/\/+$/, '')}/${prefix}` };
}

/**
 * RELEASE_ROLLBACK_MARGIN (percentage points, 5), RELEASE_ROLLBACK_VITALS_MARGIN (a ratio, 0.5),
 * RELEASE_ROLLBACK_MIN_NETWORKS (12), RELEASE_ROLLBACK_MIN_AGE_MS (30 min), RELEASE_ROLLBACK_CHECK_MS
 * (30 s; 0 never checks). The fixed minimums of page views and renders are gone: a setting still
 * naming one stops the API, so nobody believes it is in force.
 */
export function rollbackSettingsFromEnv(env: NodeJS.ProcessEnv): RollbackSettings {
  const defaults = defaultRollbackSettings;
  const marginPoints = numberFromEnv(env.RELEASE_ROLLBACK_MARGIN, defaults.marginPoints);
  if (marginPoints > 100) throw new ConfigError(`RELEASE_ROLLBACK_MARGIN is in percentage points (0–100), got "${env.RELEASE_ROLLBACK_MARGIN}"`);
  const vitalsMargin = numberFromEnv(env.RELEASE_ROLLBACK_VITALS_MARGIN, defaults.vitalsMargin);
  if (vitalsMargin > 10)
    throw new ConfigError(`RELEASE_ROLLBACK_VITALS_MARGIN is a ratio (0.5 lets a canary be 50 % slower), got "${env.RELEASE_ROLLBACK_VITALS_MARGIN}"`);
  for (const gone of ['RELEASE_ROLLBACK_MIN_VIEWS', 'RELEASE_ROLLBACK_MIN_RENDERS'])
    if (env[gone] !== undefined)
      throw new ConfigError(
        `${gone} is no longer read: a sequential test decides when there are numbers enough, and RELEASE_ROLLBACK_MIN_NETWORKS how many networks must stand behind them (docs/releases.md, "The verdict")`,
      );
  return {
    marginPoints,
    vitalsMargin,
    minNetworks: countFromEnv('RELEASE_ROLLBACK_MIN_NETWORKS', env.RELEASE_ROLLBACK_MIN_NETWORKS, defaults.minNetworks, 1),
    minAgeMs: countFromEnv('RELEASE_ROLLBACK_MIN_AGE_MS', env.RELEASE_ROLLBACK_MIN_AGE_MS, defaults.minAgeMs, 0),
    checkMs: countFromEnv('RELEASE_ROLLBACK_CHECK_MS', env.RELEASE_ROLLBACK_CHECK_MS, defaults.checkMs, 0),
  };
}

/** RELEASE_WEBHOOK_URL (http or https) with RELEASE_WEBHOOK_SECRET (16+ characters); neither for no webhook. */
function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): WebhookSettings | null {
  const url = env.RELEASE_WEBHOOK_URL?.trim();
  const secret = env.RELEASE_WEBHOOK_SECRET?.trim() ?? '';
  if (!url) {
    if (secret) throw new ConfigError('RELEASE_WEBHOOK_SECRET is set without RELEASE_WEBHOOK_URL: set both, or neither');
    return null;
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new ConfigError(`RELEASE_WEBHOOK_URL must be an http(s) address, got "${url}"`);
  if (secret.length < 16) throw new ConfigError('RELEASE_WEBHOOK_SECRET must be at least 16 characters: it signs each delivery of RELEASE_WEBHOOK_URL');
  return { url, secret, retryDelaysMs: [2_000, 10_000, 60_000] };
}
