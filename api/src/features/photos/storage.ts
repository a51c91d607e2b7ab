import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { PhotoStorageSettings, S3Settings } from './storage-settings';
import { PHOTO_KEY, contentTypeOfKey } from './processing';
import { StorageUnavailableError, isOutage } from './storage-outage';

/** Stored photo files never change under their name (the name is their content's hash). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where photo files live. A key is a file's content hash plus its extension (processing.ts), so
 * writing a key again writes the same bytes: put may skip a key that exists.
 */
export interface PhotoStorage {
  readonly kind: 'folder' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  urlOf(key: string): string;
  /** Every key under a folder of keys (`catalog/0.1.0-3f2a9c81d0/`), for keys laid out as their own paths (release files). */
  keysUnder(prefix: string): Promise<string[]>;
}

/** What a storage accepts as a key, where a key sits in a folder, and the type it is served as. */
export interface KeyRules {
  /** What the files are, for messages: "photo", "release file". */
  label: string;
  check(key: string): boolean;
  folderPath(key: string): string;
  contentType(key: string): string;
}

/** Photo keys sit in subfolders by their first two characters, so no folder grows huge. */
const PHOTO_KEYS: KeyRules = {
  label: 'photo',
  check: (key) => PHOTO_KEY.test(key),
  folderPath: (key) => path.join(key.slice(0, 2), key),
  contentType: contentTypeOfKey,
};

function assertKey(rules: KeyRules, key: string): void {
  if (!rules.check(key)) throw new Error(`not a key of this storage: ${key}`);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A folder on the API's disk (DATA_DIR/photos by default), served by the API itself under /photos/. */
export class FolderStorage implements PhotoStorage {
  readonly kind = 'folder';

  constructor(
    readonly dir: string,
    private readonly urlPrefix = '/photos/',
    private readonly rules: KeyRules = PHOTO_KEYS,
  ) {}

  pathOf(key: string): string {
    assertKey(this.rules, key);
    return path.join(this.dir, this.rules.folderPath(key));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    if (await this.exists(key)) return;
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a file under its final name is always whole, even after a crash.
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  /** For serving: the open stream and the file's size, or null when there is none. */
  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async keysUnder(prefix: string): Promise<string[]> {
    const folder = path.join(this.dir, ...prefix.split('/').filter(Boolean));
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => `${prefix}${path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
        .filter((key) => this.rules.check(key))
        .sort();
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  }

  urlOf(key: string): string {
    return `${this.urlPrefix}${key}`;
  }
}

/** How long a connection may take to open, and a request may sit without a byte either way, before it counts as a failure (and is retried). */
const S3_TIMEOUTS = { connectionTimeout: 3_000, socketTimeout: 5_000 };

/**
 * An S3 bucket (or any S3-compatible object store). Objects are written with their content type
 * and an immutable cache header, which S3 hands to browsers and CDNs as it serves them.
 */
export class S3Storage implements PhotoStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
    private readonly rules: KeyRules = PHOTO_KEYS,
  ) {
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        requestHandler: settings.timeouts ?? S3_TIMEOUTS,
      });
  }

  /** An outage becomes a StorageUnavailableError; anything else (a refusal, a bug) stays what it is. */
  private failure(error: unknown, writing: boolean): unknown {
    return isOutage(error) ? new StorageUnavailableError(this.rules.label, writing, error) : error;
  }

  private objectKey(key: string): string {
    assertKey(this.rules, key);
    return `${this.settings.prefix}${key}`;
  }

  /** Whether the object is there; the client's own errors otherwise. */
  private async found(Key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return false;
      throw error;
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const Key = this.objectKey(key);
    try {
      if (await this.found(Key)) return;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: bytes,
          ContentType: this.rules.contentType(key),
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    } catch (error) {
      throw this.failure(error, true);
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      return await this.found(Key);
    } catch (error) {
      throw this.failure(error, false);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw this.failure(error, false);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      throw this.failure(error, false);
    }
  }

  urlOf(key: string): string {
    return `${this.settings.publicBaseUrl.replace(/\/+$/, '')}/${this.objectKey(key)}`;
  }

  async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${this.settings.prefix}${prefix}`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.settings.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.filter((key) => this.rules.check(key)).sort();
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The storage the settings name; another kind of file (release files) brings its own key rules and folder address. */
export function storageFromSettings(settings: PhotoStorageSettings, rules: KeyRules = PHOTO_KEYS, urlPrefix = '/photos/'): PhotoStorage {
  if (settings.kind === 'folder') return new FolderStorage(settings.dir, urlPrefix, rules);
  const { kind: _kind, ...s3 } = settings;
  return new S3Storage(s3, undefined, rules);
}
