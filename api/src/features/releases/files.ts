import path from 'node:path';
import { type KeyRules, type PhotoStorage, storageFromSettings } from '../photos/storage';
import type { ReleaseSettings } from './settings';

const SEGMENT = '[A-Za-z0-9_][A-Za-z0-9._+-]*';
/** remote/version/path/to/file: no empty, dot-led or `..` segment, so a key never leaves its release's folder. */
const RELEASE_KEY = new RegExp(`^[a-z][a-z0-9-]*/${SEGMENT}(?:/${SEGMENT}){1,8}$`);

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  woff2: 'font/woff2',
  woff: 'font/woff',
};

/** A source map: uploaded with PUT /release-maps/, kept in the database and never served (docs/releases.md, "Errors"). */
export const isSourceMapPath = (file: string) => file.endsWith('.map');

/** remote/version/path whose parts are all safe names. */
export const isReleaseKeyShape = (key: string) => key.length <= 400 && RELEASE_KEY.test(key) && !key.split('/').some((segment) => segment.includes('..'));

/** What the release files' storage holds: never a source map, so none can be served from it, folder or bucket. */
export const RELEASE_KEYS: KeyRules = {
  label: 'release file',
  check: (key) => isReleaseKeyShape(key) && !isSourceMapPath(key),
  folderPath: (key) => path.join(...key.split('/')),
  contentType: (key) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
};

/** The largest file of a release (a remote's biggest chunk, or its map, is far below it). */
export const RELEASE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const releaseKey = (remote: string, version: string, file: string) => `${remote}/${version}/${file}`;

/** The storage of release files, from the settings: photos' code path, keys of their own, addresses under filesBaseUrl. */
export function releaseStorage(settings: ReleaseSettings): PhotoStorage {
  return storageFromSettings(settings.storage, RELEASE_KEYS, settings.filesBaseUrl);
}
