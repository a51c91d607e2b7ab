/** Where photos are kept: read by the config, the release settings and the storage alike (a module of its own, so none of them imports another for it). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket.host/key (AWS) or host/bucket/key (most other S3-compatible services). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. "photos/", to share a bucket. */
  prefix: string;
  /** Where browsers load the objects from (a CDN in front of the bucket, or the bucket's public address). */
  publicBaseUrl: string;
  /** Overrides S3_TIMEOUTS, for a store whose failures should show sooner. */
  timeouts?: { connectionTimeout: number; socketTimeout: number };
}

export type PhotoStorageSettings = { kind: 'folder'; dir: string } | ({ kind: 's3' } & S3Settings);
