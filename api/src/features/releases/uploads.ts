import path from 'node:path';
import type { PhotoStorage } from '../photos/storage';
import { storageFromSettings } from '../photos/storage';
import { asUploadFailure } from '../photos/storage-outage';
import { RELEASE_KEYS } from './files';
import type { ReleaseSettings } from './settings';

/** The upload area's folder inside the release storage: a dot-led segment no release key has, so it is never served. */
const UPLOADS_FOLDER = '.uploads';

/**
 * Where a release's files wait until its version is registered (docs/releases.md, "Where releases are published"):
 * the release storage's `.uploads` folder (RELEASE_DIR/.uploads, or the bucket's RELEASE_S3_PREFIX + `.uploads/`).
 * Pages never load from it; the API's own checks read it, and registering the version publishes its files.
 */
export function releaseUploadStorage(settings: ReleaseSettings): PhotoStorage {
  const { storage } = settings;
  const uploads =
    storage.kind === 'folder' ? { ...storage, dir: path.join(storage.dir, UPLOADS_FOLDER) } : { ...storage, prefix: `${storage.prefix}${UPLOADS_FOLDER}/` };
  return storageFromSettings(uploads, RELEASE_KEYS, settings.filesBaseUrl);
}

/** A release's files as the API's checks read them: still in the upload area, or already published (a version released again). */
export function pendingOrPublished(uploads: PhotoStorage, files: PhotoStorage): Pick<PhotoStorage, 'get' | 'exists'> {
  return {
    get: async (key) => (await uploads.get(key)) ?? files.get(key),
    exists: async (key) => (await uploads.exists(key)) || files.exists(key),
  };
}

/** Moves every uploaded file of a version to the release storage, where pages load it from; the upload area keeps nothing of it. */
export async function publishUploads(uploads: PhotoStorage, files: PhotoStorage, remote: string, version: string): Promise<number> {
  const keys = await uploads.keysUnder(`${remote}/${version}/`).catch(asUploadFailure);
  for (const key of keys) {
    const bytes = await uploads.get(key).catch(asUploadFailure);
    if (bytes) await files.put(key, bytes).catch(asUploadFailure);
  }
  return keys.length;
}

/** Once the version is registered: its files are published, the upload area lets them go. */
export async function forgetUploads(uploads: PhotoStorage, remote: string, version: string): Promise<void> {
  for (const key of await uploads.keysUnder(`${remote}/${version}/`)) await uploads.delete(key);
}
