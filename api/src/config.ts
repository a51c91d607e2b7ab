import { randomBytes } from 'node:crypto';
import type { SiteSettings } from '@usedcars/shared-contract';
import { defaultSiteSettings, siteSettingsFromEnv } from './features/site/settings';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { trustProxyFromEnv } from '@usedcars/shared-contract/proxy';
import { TOPOLOGY } from '@usedcars/shared-contract/topology';
import { type PaymentSettings, paymentSettingsFromEnv } from './features/payments/settings';
import { type MetricsSettings, defaultMetricsSettings } from './features/metrics/metrics';
import type { PhotoStorageSettings } from './features/photos/storage-settings';
import { type ReleaseSettings, defaultRollbackSettings, releaseSettingsFromEnv, rollbackSettingsFromEnv } from './features/releases/settings';
import { type IdentityEnvironment, assertSafeIdentity, identityFromEnv } from './features/auth/identityEnvironment';
import { ConfigError, countFromEnv, numberFromEnv } from './envValues';
import { type TelemetrySettings, defaultTelemetrySettings } from './features/telemetry/buffer';
import { type MailSettings, defaultMailSettings, mailSettingsFromEnv } from './mail/settings';
import { type MessageMailSettings, defaultMessageMailSettings } from './features/messages/mailer';

export interface AppConfig {
  /** Secret of the HS256 access tokens issued by GET /jwt. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** How long a session cookie of POST /auth/session lasts (Firebase allows 5 minutes to 2 weeks). */
  sessionCookieTtlSeconds: number;
  corsOrigins: string[];
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /** How long a brand-list page may be reused; 0 turns the page cache off. */
  listCacheTtlMs: number;
  /** How long a list total (X-Total-Count) may be reused; writes in this process clear it at once. */
  countCacheTtlMs: number;
  /** Requests per minute and address on the sign-in calls (/jwt, POST /users). */
  authRateLimitPerMinute: number;
  /** How many listings, bookings, payment intents and registrations one subject may make (docs/api-limits.md). */
  writeLimits: WriteLimitSettings;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the client (docs/operate-scale-out.md). */
  trustProxy: boolean | number | string[];
  logLevel: string | false;
  /** Where car photos are kept and how many are processed at once (docs/operate-photos.md). */
  photos: PhotoSettings;
  /** The alert mails' SMTP server and links (docs/operations.md, "Alert mails"). */
  mail: MailSettings;
  /** When a message left unread is mailed about (docs/api.md, "Mail about unread messages"). */
  messageMail: MessageMailSettings;
  /** Where release files are published and how long an admin's pin lasts (docs/releases.md). */
  releases: ReleaseSettings;
  /** Where /metrics is served, if anywhere (docs/operations.md, "Metrics"). */
  metrics: MetricsSettings;
  /** What POST /telemetry takes and how long its aggregates are kept (docs/operations.md, "Telemetry"). */
  telemetry: TelemetrySettings;
  /** The unit of every mileage and the monthly cost's defaults (GET /site-settings). */
  site: SiteSettings;
}

export interface PhotoSettings {
  storage: PhotoStorageSettings;
  /** Photos this process re-encodes at once; the others wait their turn. */
  concurrency: number;
}

/** Per window: 0 turns a limit off. */
export interface WriteLimitSettings {
  /** Cars one seller account may list. */
  listings: number;
  /** Bookings one buyer account may make. */
  bookings: number;
  /** Card payments (new payment intents) one buyer account may start. */
  paymentIntents: number;
  /** Accounts that may be created from one client address (an IPv6 address counts by its /64). */
  registrations: number;
  /** Photo files one seller account may upload. */
  photos: number;
  /** Changes (PATCH) one seller account may make to its listings. */
  edits: number;
  /** Searches one buyer account may save. */
  savedSearches: number;
  /** Cars one buyer account may save. */
  favourites: number;
  /** Listings (and, counted apart, conversations) one account may report. */
  reports: number;
  /** Messages one account may send. */
  messages: number;
  windowMinutes: number;
}

export const REPO_ROOT = path.resolve(__dirname, '../..');

const SITE_PORTS = [TOPOLOGY.shell.port, ...Object.values(TOPOLOGY.remotes).map((remote) => remote.port)];
const DEFAULT_CORS_ORIGINS = SITE_PORTS.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

export const defaultConfig: Omit<AppConfig, 'jwtSecret'> = {
  accessTokenTtlSeconds: 300, // docs/product.md, "Limits and timings": the access token lives 300 s
  sessionCookieTtlSeconds: 5 * 24 * 3600, // docs/operations.md, "The render server": how long a visitor stays rendered for
  corsOrigins: DEFAULT_CORS_ORIGINS,
  bodyLimitBytes: 32 * 1024,
  listCacheTtlMs: 5_000,
  countCacheTtlMs: 60_000,
  authRateLimitPerMinute: 60,
  // Why these numbers: docs/api-limits.md.
  writeLimits: {
    listings: 30,
    bookings: 20,
    paymentIntents: 30,
    registrations: 10,
    photos: 120,
    edits: 60,
    savedSearches: 20,
    favourites: 200,
    reports: 10,
    messages: 120,
    windowMinutes: 60,
  },
  trustProxy: false,
  logLevel: 'info',
  photos: { storage: { kind: 'folder', dir: path.join(REPO_ROOT, '.data', 'photos') }, concurrency: 1 },
  mail: defaultMailSettings,
  messageMail: defaultMessageMailSettings,
  releases: {
    storage: { kind: 'folder', dir: path.join(REPO_ROOT, '.data', 'releases') },
    filesBaseUrl: `${defaultMailSettings.publicApiUrl}/release-files/`,
    origins: [],
    siteUrl: defaultMailSettings.siteUrl,
    pinTtlSeconds: 8 * 3600,
    rollback: defaultRollbackSettings,
    webhook: null,
  },
  metrics: defaultMetricsSettings,
  telemetry: defaultTelemetrySettings,
  site: defaultSiteSettings,
};

export function writeLimitsFromEnv(env: NodeJS.ProcessEnv): WriteLimitSettings {
  const defaults = defaultConfig.writeLimits;
  return {
    listings: countFromEnv('WRITE_LIMIT_LISTINGS', env.WRITE_LIMIT_LISTINGS, defaults.listings),
    bookings: countFromEnv('WRITE_LIMIT_BOOKINGS', env.WRITE_LIMIT_BOOKINGS, defaults.bookings),
    paymentIntents: countFromEnv('WRITE_LIMIT_PAYMENT_INTENTS', env.WRITE_LIMIT_PAYMENT_INTENTS, defaults.paymentIntents),
    registrations: countFromEnv('WRITE_LIMIT_REGISTRATIONS', env.WRITE_LIMIT_REGISTRATIONS, defaults.registrations),
    photos: countFromEnv('WRITE_LIMIT_PHOTOS', env.WRITE_LIMIT_PHOTOS, defaults.photos),
    edits: countFromEnv('WRITE_LIMIT_EDITS', env.WRITE_LIMIT_EDITS, defaults.edits),
    savedSearches: countFromEnv('WRITE_LIMIT_SAVED_SEARCHES', env.WRITE_LIMIT_SAVED_SEARCHES, defaults.savedSearches),
    favourites: countFromEnv('WRITE_LIMIT_FAVOURITES', env.WRITE_LIMIT_FAVOURITES, defaults.favourites),
    reports: countFromEnv('WRITE_LIMIT_REPORTS', env.WRITE_LIMIT_REPORTS, defaults.reports),
    messages: countFromEnv('WRITE_LIMIT_MESSAGES', env.WRITE_LIMIT_MESSAGES, defaults.messages),
    windowMinutes: countFromEnv('WRITE_LIMIT_WINDOW_MINUTES', env.WRITE_LIMIT_WINDOW_MINUTES, defaults.windowMinutes, 1),
  };
}

/**
 * PHOTO_STORAGE=folder (the default: PHOTO_DIR, or DATA_DIR/photos) or s3, with the bucket's
 * settings; docs/operate-photos.md. Half an S3 set-up refuses to start, naming what is missing.
 */
export function photoSettingsFromEnv(env: NodeJS.ProcessEnv, dataDir: string): PhotoSettings {
  const concurrency = countFromEnv('PHOTO_PROCESSING_CONCURRENCY', env.PHOTO_PROCESSING_CONCURRENCY, defaultConfig.photos.concurrency, 1);
  const kind = env.PHOTO_STORAGE?.trim() || 'folder';
  if (kind === 'folder') return { storage: { kind, dir: path.resolve(REPO_ROOT, env.PHOTO_DIR || path.join(dataDir, 'photos')) }, concurrency };
  if (kind !== 's3') throw new ConfigError(`PHOTO_STORAGE must be folder or s3, got "${kind}"`);
  const missing = ['PHOTO_S3_BUCKET', 'PHOTO_PUBLIC_BASE_URL'].filter((name) => !env[name]?.trim());
  const keyId = env.PHOTO_S3_ACCESS_KEY_ID?.trim();
  const secret = env.PHOTO_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(keyId) !== Boolean(secret)) missing.push(keyId ? 'PHOTO_S3_SECRET_ACCESS_KEY' : 'PHOTO_S3_ACCESS_KEY_ID');
  if (missing.length > 0) throw new ConfigError(`PHOTO_STORAGE=s3 needs ${missing.join(' and ')}`);
  const publicBaseUrl = env.PHOTO_PUBLIC_BASE_URL!.trim();
  if (!/^https?:\/\/[^/]/.test(publicBaseUrl)) throw new ConfigError(`PHOTO_PUBLIC_BASE_URL must be an http(s) address, got "${publicBaseUrl}"`);
  const endpoint = env.PHOTO_S3_ENDPOINT?.trim() || undefined;
  const pathStyle = env.PHOTO_S3_FORCE_PATH_STYLE?.trim();
  return {
    storage: {
      kind,
      bucket: env.PHOTO_S3_BUCKET!.trim(),
      region: env.PHOTO_S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
      endpoint,
      credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
      // Other S3-compatible services mostly want host/bucket/key; AWS itself bucket.host/key.
      forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
      prefix: env.PHOTO_S3_PREFIX?.trim() ?? '',
      publicBaseUrl,
    },
    concurrency,
  };
}

/** METRICS_PORT (a listener of its own), METRICS_HOST (127.0.0.1), METRICS_TOKEN (/metrics on the public port for its bearer). */
function metricsSettingsFromEnv(env: NodeJS.ProcessEnv): MetricsSettings {
  const port = countFromEnv('METRICS_PORT', env.METRICS_PORT, 0);
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  return { port: port || undefined, host: env.METRICS_HOST?.trim() || defaultMetricsSettings.host, token };
}

/** TELEMETRY_RETENTION_DAYS, TELEMETRY_BATCHES_PER_MINUTE, TELEMETRY_FLUSH_MS, TELEMETRY_TOKEN (the render servers'). */
function telemetrySettingsFromEnv(env: NodeJS.ProcessEnv): TelemetrySettings {
  const defaults = defaultTelemetrySettings;
  const serverToken = env.TELEMETRY_TOKEN?.trim() || undefined;
  if (serverToken && serverToken.length < 16) throw new ConfigError('TELEMETRY_TOKEN must be at least 16 characters long');
  return {
    retentionDays: countFromEnv('TELEMETRY_RETENTION_DAYS', env.TELEMETRY_RETENTION_DAYS, defaults.retentionDays, 1),
    batchesPerMinute: countFromEnv('TELEMETRY_BATCHES_PER_MINUTE', env.TELEMETRY_BATCHES_PER_MINUTE, defaults.batchesPerMinute, 1),
    flushMs: countFromEnv('TELEMETRY_FLUSH_MS', env.TELEMETRY_FLUSH_MS, defaults.flushMs, 100),
    serverToken,
  };
}

/** A secret made once and kept in DATA_DIR, so issued tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  pgliteDir: string;
  identity: IdentityEnvironment;
  payments: PaymentSettings;
  app: AppConfig;
}

/**
 * Where the data lives: DATABASE_URL names a server, else PGlite under DATA_DIR (or PGLITE_DIR).
 * Relative folders are taken from the repository root, whichever folder npm runs a script in.
 */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl?: string; pgliteDir: string } {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || '.data');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.resolve(REPO_ROOT, env.PGLITE_DIR || path.join(dataDir, 'pglite')),
  };
}

/**
 * Everything the server and the CLIs run with. An emulator where it must not be is refused first,
 * before anything is written (the token secret is persisted below) or opened.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const identity = identityFromEnv(env);
  assertSafeIdentity(identity);
  const { dataDir, databaseUrl, pgliteDir } = databaseFromEnv(env);
  const photos = photoSettingsFromEnv(env, dataDir);
  const mail = mailSettingsFromEnv(env, (name, value, fallback) => countFromEnv(name, value, fallback, 1));
  return {
    port: numberFromEnv(env.PORT, TOPOLOGY.api.port),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    pgliteDir,
    identity,
    payments: paymentSettingsFromEnv(env),
    app: {
      jwtSecret: env.JWT_SECRET || persistedSecret(dataDir),
      accessTokenTtlSeconds: numberFromEnv(env.ACCESS_TOKEN_TTL_SECONDS, defaultConfig.accessTokenTtlSeconds),
      sessionCookieTtlSeconds: numberFromEnv(env.SESSION_COOKIE_TTL_SECONDS, defaultConfig.sessionCookieTtlSeconds),
      corsOrigins: env.CORS_ORIGINS
        ? env.CORS_ORIGINS.split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : defaultConfig.corsOrigins,
      bodyLimitBytes: numberFromEnv(env.BODY_LIMIT_BYTES, defaultConfig.bodyLimitBytes),
      listCacheTtlMs: numberFromEnv(env.LIST_CACHE_TTL_MS, defaultConfig.listCacheTtlMs),
      countCacheTtlMs: numberFromEnv(env.COUNT_CACHE_TTL_MS, defaultConfig.countCacheTtlMs),
      authRateLimitPerMinute: numberFromEnv(env.AUTH_RATE_LIMIT_PER_MINUTE, defaultConfig.authRateLimitPerMinute),
      writeLimits: writeLimitsFromEnv(env),
      trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
      logLevel: env.LOG_LEVEL || defaultConfig.logLevel,
      photos,
      releases: releaseSettingsFromEnv(env, dataDir, photos.storage, (dir) => path.resolve(REPO_ROOT, dir), rollbackSettingsFromEnv(env), mail),
      mail,
      messageMail: {
        afterSeconds: countFromEnv('MESSAGE_MAIL_AFTER_SECONDS', env.MESSAGE_MAIL_AFTER_SECONDS, defaultMessageMailSettings.afterSeconds, 1),
        everySeconds: defaultMessageMailSettings.everySeconds,
        scanMs: countFromEnv('MESSAGE_MAIL_SCAN_MS', env.MESSAGE_MAIL_SCAN_MS, defaultMessageMailSettings.scanMs, 0),
      },
      metrics: metricsSettingsFromEnv(env),
      telemetry: telemetrySettingsFromEnv(env),
      site: siteSettingsFromEnv(env),
    },
  };
}
