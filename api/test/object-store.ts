import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type AppConfig, settingsFromEnv } from '../src/config';
import type { S3Settings } from '../src/features/photos/storage-settings';
import { TEST_CONFIG } from './test-config';

/** The bucket photos and releases share, as in production. */
const BUCKET = 'usedcars';
/** s3rver checks every signature against its one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, on a port the system picks, with the bucket
 * `usedcars`, its objects in a folder of its own. It can be stopped and started again on the
 * same port with the same objects, as an object store that goes away and comes back.
 */
export class TestObjectStore {
  private server: S3rver | null = null;
  /** Made at the first start, so a suite whose tests are all filtered out leaves nothing behind. */
  private dir: string | null = null;
  private readonly lister = () => new S3Client({ region: 'us-east-1', endpoint: this.endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  port = 0;
  /** How long the last start took, in milliseconds. */
  startMs = 0;

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Where a browser loads the objects: the bucket's own address (anonymous reads). */
  get publicBaseUrl(): string {
    return `${this.endpoint}/${BUCKET}`;
  }

  async start(): Promise<this> {
    const started = performance.now();
    this.dir ??= mkdtempSync(path.join(tmpdir(), 'usedcars-s3-'));
    this.server = new S3rver({ address: '127.0.0.1', port: this.port, silent: true, directory: this.dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    this.port = (await this.server.run()).port;
    this.startMs = performance.now() - started;
    return this;
  }

  /** Stops responding: new connections are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }

  /** Stops it and removes its objects. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** The API's S3 settings for this store, keys under `prefix`. */
  settings(prefix = ''): S3Settings {
    return {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: this.endpoint,
      credentials: CREDENTIALS,
      forcePathStyle: true,
      prefix,
      publicBaseUrl: this.publicBaseUrl,
    };
  }

  /** What an operator sets for it (docs/operate-photos.md). */
  env(): NodeJS.ProcessEnv {
    return {
      PHOTO_STORAGE: 's3',
      PHOTO_S3_BUCKET: BUCKET,
      PHOTO_S3_ENDPOINT: this.endpoint,
      PHOTO_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      PHOTO_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      PHOTO_PUBLIC_BASE_URL: this.publicBaseUrl,
    };
  }

  /** The test config with photos and releases in this store, read from env() as the server reads its environment. */
  appConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
    const { app } = settingsFromEnv({ ...this.env(), ...env, JWT_SECRET: TEST_CONFIG.jwtSecret, DATA_DIR: this.dir ?? tmpdir() });
    return { ...TEST_CONFIG, photos: app.photos, releases: app.releases };
  }

  /** Every object's key under a prefix, in order, read through the S3 API itself. */
  async keys(prefix = ''): Promise<string[]> {
    const client = this.lister();
    try {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    } finally {
      client.destroy();
    }
  }
}
