import path from 'node:path';
import type { PhotoStorageSettings } from '../../config';
import { ConfigError, countFromEnv, numberFromEnv } from '../../envValues';

/** Where release files are published: the photo storage's kind and bucket, with a folder or prefix of their own. */
export interface ReleaseSettings {
  storage: PhotoStorageSettings;
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

/** RELEASE_DIR (DATA_DIR/releases) beside a photo folder; beside S3 photos, the bucket under RELEASE_S3_PREFIX (the photos' prefix + releases/). */
export function releaseSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  photos: PhotoStorageSettings,
  resolve: (dir: string) => string,
  rollback: RollbackSettings,
): ReleaseSettings {
  const pinTtlSeconds = Number(env.RELEASE_PIN_TTL_SECONDS || 8 * 3600);
  if (photos.kind === 'folder')
    return { storage: { kind: 'folder', dir: resolve(env.RELEASE_DIR || path.join(dataDir, 'releases')) }, pinTtlSeconds, rollback };
  return { storage: { ...photos, prefix: env.RELEASE_S3_PREFIX?.trim() || `${photos.prefix}releases/` }, pinTtlSeconds, rollback };
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
