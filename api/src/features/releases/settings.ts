import path from 'node:path';
import type { PhotoStorageSettings } from '../../config';

/** Where release files are published: the photo storage's kind and bucket, with a folder or prefix of their own. */
export interface ReleaseSettings {
  storage: PhotoStorageSettings;
  /** How long an admin's pin lasts. */
  pinTtlSeconds: number;
}

/** RELEASE_DIR (DATA_DIR/releases) beside a photo folder; beside S3 photos, the bucket under RELEASE_S3_PREFIX (the photos' prefix + releases/). */
export function releaseSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  photos: PhotoStorageSettings,
  resolve: (dir: string) => string,
): ReleaseSettings {
  const pinTtlSeconds = Number(env.RELEASE_PIN_TTL_SECONDS || 8 * 3600);
  if (photos.kind === 'folder') return { storage: { kind: 'folder', dir: resolve(env.RELEASE_DIR || path.join(dataDir, 'releases')) }, pinTtlSeconds };
  return { storage: { ...photos, prefix: env.RELEASE_S3_PREFIX?.trim() || `${photos.prefix}releases/` }, pinTtlSeconds };
}
