import path from 'node:path';
import cors from '@fastify/cors';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type onSendAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import { type ZodTypeProvider, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@usedcars/shared-contract';
import { STRICT_TRANSPORT_SECURITY, fastifyTrustProxy } from '@usedcars/shared-contract/proxy';
import type { AppConfig } from './config';
import type { AppContext, ZodApp } from './context';
import { type ChangeFeed, LocalChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import { AccessTokens } from './features/auth/access-token';
import { Guard } from './features/auth/guard';
import type { IdentityVerifier } from './features/auth/identity';
import { alertRoutes } from './features/alerts/routes';
import { unsubscribeRoutes } from './features/alerts/unsubscribe-routes';
import { routeAuth } from './features/auth/route-auth';
import { authRoutes } from './features/auth/routes';
import { bookingRoutes } from './features/bookings/routes';
import { CursorCodec } from './features/cars/cursor';
import { carRoutes } from './features/cars/routes';
import { changeRoutes } from './features/changes/routes';
import { ChangeStream } from './features/changes/stream';
import { CarCatalog } from './features/cars/service';
import { favouriteRoutes } from './features/favourites/routes';
import { healthRoutes } from './features/health/routes';
import { WriteLimits } from './features/limits/write-limits';
import { ApiMetrics, registerRequestTiming } from './features/metrics/metrics';
import { tokenMetricsRoutes } from './features/metrics/routes';
import { UnreadMessageMail } from './features/messages/mailer';
import { messageRoutes } from './features/messages/routes';
import { MessageStream } from './features/messages/stream';
import { moderationRoutes } from './features/moderation/routes';
import type { PaymentGateway } from './features/payments/gateway';
import { paymentRoutes } from './features/payments/routes';
import { photoRoutes } from './features/photos/routes';
import { PhotoService } from './features/photos/service';
import { type PhotoStorage, S3Storage, storageFromSettings } from './features/photos/storage';
import { releaseStorage } from './features/releases/files';
import { pendingOrPublished, releaseUploadStorage } from './features/releases/uploads';
import { ReleaseChecks } from './features/releases/preflight';
import { alertRelayRoutes } from './features/releases/alert-relay';
import { releaseRoutes } from './features/releases/routes';
import { ReleaseRegistry } from './features/releases/service';
import { PreviewLinks } from './features/releases/previews';
import { PinSigner } from '@usedcars/shared-contract/pins';
import { PreviewSigner } from '@usedcars/shared-contract/preview-links';
import { DeployTokens } from './features/releases/tokens';
import { RegisteredReleases } from './features/telemetry/registered-releases';
import { telemetryRoutes } from './features/telemetry/routes';
import { userRoutes } from './features/users/routes';
import { Market } from './features/market/service';
import { marketRoutes } from './features/market/routes';
import { Search } from './features/search/service';
import { searchRoutes } from './features/search/routes';
import { siteRoutes } from './features/site/routes';
import { startBackgroundWork } from './background-work';
import { registerCompression } from './http/compression';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { securityHeaders } from './http/security-headers';

export interface AppOptions {
  db: Db;
  identity: IdentityVerifier;
  gateway: PaymentGateway;
  config: AppConfig;
  /** What the write limits read the time from; tests pass their own to move through a window. */
  clock?: () => Date;
  /** How this instance tells the others about its writes (db/change-feed.ts); closed with the app. Alone by default. */
  changes?: ChangeFeed;
  /** Where car photos go; by default the one config.photos names. */
  photoStorage?: PhotoStorage;
  /** Where release files go; by default the one config.releases names. */
  releaseFiles?: PhotoStorage;
  /** Where they wait until their version is registered; by default the upload area of the one config.releases names. */
  releaseUploads?: PhotoStorage;
  /** The node-postgres pool, whose use the metrics show (none with PGlite: one connection, in process). */
  pool?: pg.Pool;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's Prometheus numbers (features/metrics): server.ts serves them on METRICS_PORT. */
    metrics: ApiMetrics;
  }
}

export const PUBLIC_DIR = path.resolve(__dirname, '../public');

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The API's own pages are /docs and the car pictures: what their headers allow. */
const headerOptions: FastifyHelmetOptions = {
  // Pictures are shown by the site on other origins, and /docs needs its own inline styles.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // The API is plain http on developer machines; upgrading /docs' requests would break it.
      upgradeInsecureRequests: null,
    },
  },
  // Sent below only on requests that came over HTTPS, as a browser heeds it only there.
  strictTransportSecurity: false,
};

/** Every response's security headers, the browser origins that may call, JSON compression, the per-route rate limits. */
async function registerHttp(app: ZodApp, config: AppConfig, headers: Record<string, string>) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // request.protocol reads X-Forwarded-Proto only from the proxies trustProxy names.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Last-Event-ID: a page resuming its message stream (GET /conversations/stream) says where it left off.
    allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match', 'Last-Event-ID'],
    // Retry-After is not one of the headers a page may read without being told (a write limit's 429).
    exposedHeaders: [TOTAL_COUNT_HEADER, NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER, 'ETag', 'Retry-After'],
    maxAge: 600,
  });
  await registerCompression(app);
  await app.register(rateLimit, { global: false });
}

/** The OpenAPI document of every route registered after it, and its pages at /docs. */
async function registerDocs(app: ZodApp) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Used cars API',
        version: '1.0.0',
        description: 'The REST calls of the used-car marketplace: who may call what, the errors, every route.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from GET /jwt' },
          firebaseIdToken: { type: 'http', scheme: 'bearer', description: 'Firebase ID token of the signed-in person' },
          sessionCookie: { type: 'apiKey', in: 'header', name: 'Authorization', description: '"Session <cookie>": the session cookie of POST /auth/session' },
          deployToken: { type: 'http', scheme: 'bearer', description: "A team's deploy token for one remote (npm run deploy-token -w api)" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

/** Settles the market's ratings, then tells the other API copies about every accepted write, before its response is sent. */
function publishWrites(app: ZodApp, changes: ChangeFeed, market: Market) {
  // Any accepted write may change what a brand list shows (a car added, booked, sold or deleted),
  // in every copy. Hooked onto write routes only, so reads pay nothing for it. The response waits
  // for the other instances, so whichever one the client asks next already shows the write.
  const invalidateOnSuccess: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    try {
      // A listing, a new price, a sale or a moderation changes other cars' deal ratings (features/market).
      await market.settle();
    } catch (error) {
      // The write stands; the next accepted write settles what this one marked.
      request.log.error({ err: error }, 'could not settle the market after a write');
    }
    try {
      await changes.publish();
    } catch (error) {
      // The write stands; the other copies' caches run out on their own (LIST_CACHE_TTL_MS).
      request.log.error({ err: error }, 'could not tell the other API instances about a write');
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => WRITE_METHODS.has(method)) && !route.config?.quietWrite) route.onSend = [invalidateOnSuccess, ...[route.onSend ?? []].flat()];
  });
}

export async function buildApp({
  db,
  identity,
  gateway,
  config,
  clock = () => new Date(),
  changes = new LocalChangeFeed(),
  photoStorage = storageFromSettings(config.photos.storage),
  releaseFiles = releaseStorage(config.releases),
  releaseUploads = releaseUploadStorage(config.releases),
  pool,
}: AppOptions): Promise<FastifyInstance> {
  const headers = await securityHeaders(headerOptions);
  const app = Fastify({
    logger: config.logLevel === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    // Which hops may name the client: the per-address limits count by it (docs/operate-scale-out.md).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: frameworkErrors(headers),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, config.bodyLimitBytes);
  const metrics = new ApiMetrics({ db, pool });
  app.decorate('metrics', metrics);
  registerRequestTiming(app, metrics);

  await registerHttp(app, config, headers);
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const guard = new Guard(db, tokens, identity);
  await app.register(routeAuth, { guard });
  await registerDocs(app);
  await app.register(fastifyStatic, {
    root: path.join(PUBLIC_DIR, 'images'),
    prefix: '/images/',
    decorateReply: false,
    maxAge: '1d',
  });

  const market = new Market(db);
  const photos = new PhotoService(db, photoStorage, config.photos.concurrency, (message, error) => app.log.warn({ err: error }, message));
  for (const storage of [photoStorage, releaseFiles, releaseUploads]) if (storage instanceof S3Storage) app.addHook('onClose', () => storage.destroy());
  const context: AppContext = {
    db,
    identity,
    gateway,
    config,
    tokens,
    limits: new WriteLimits(db, config.writeLimits, clock, (action) => metrics.writeLimitRefusals.inc({ action })),
    photos,
    market,
  };
  const cursors = new CursorCodec(`cursor:${config.jwtSecret}`);
  const catalog = new CarCatalog(db, photos, { pagesMs: config.listCacheTtlMs, totalsMs: config.countCacheTtlMs }, cursors);

  const search = new Search(db, photos, { pagesMs: config.listCacheTtlMs, countsMs: config.countCacheTtlMs });

  changes.attach(catalog);
  changes.attach(search);
  const changeStream = new ChangeStream();
  changes.attach(changeStream);
  // A stream lasts as long as the access token it was opened with (docs/api.md, "Messages").
  const messageStream = new MessageStream(db, {
    maxListeners: 1000,
    maxAgeMs: config.accessTokenTtlSeconds * 1000,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  changes.attach(messageStream);
  app.addHook('onClose', () => changes.close());
  app.addHook(
    'onClose',
    new UnreadMessageMail(db, config.messageMail, clock).start((message, error) => app.log.warn({ err: error }, message)),
  );

  publishWrites(app, changes, market);

  // Every route folder is one plugin, registered here with what it needs (docs/how-to.md, "Add an API route").
  if (config.metrics.token) await app.register(tokenMetricsRoutes, { registry: metrics.registry, token: config.metrics.token });
  await app.register(healthRoutes);
  await app.register(authRoutes, context);
  await app.register(userRoutes, context);
  await app.register(carRoutes, { ...context, catalog });
  await app.register(bookingRoutes, context);
  await app.register(paymentRoutes, context);
  await app.register(favouriteRoutes, context);
  await app.register(alertRoutes, context);
  await app.register(moderationRoutes, context);
  await app.register(messageRoutes, { ...context, stream: messageStream });
  await app.register(searchRoutes, { search });
  await app.register(marketRoutes, context);
  await app.register(siteRoutes, context);
  await app.register(photoRoutes, context);
  await app.register(changeRoutes, { stream: changeStream, serverToken: config.telemetry.serverToken });
  await app.register(unsubscribeRoutes, context);
  const registry = new ReleaseRegistry(db, clock);
  // Render servers hold TELEMETRY_TOKEN too, so they check a pin's signature themselves (docs/releases.md, "Pin").
  const pins = new PinSigner(config.telemetry.serverToken ?? config.jwtSecret);
  const checks = new ReleaseChecks(releaseFiles, config.releases, pendingOrPublished(releaseUploads, releaseFiles));
  const { telemetry, analyses, webhook } = startBackgroundWork(app, { db, config, clock, changes }, metrics);
  // Alertmanager's alerts to the same webhook, signed here (docs/operations.md, "Alerts").
  if (webhook && config.metrics.token) await app.register(alertRelayRoutes, { webhook, token: config.metrics.token, clock });
  // The same secret signs preview links, which render servers check before they ask about one (docs/releases.md, "Previews").
  const previews = new PreviewLinks(db, registry, new PreviewSigner(config.telemetry.serverToken ?? config.jwtSecret), clock);
  await app.register(releaseRoutes, {
    registry,
    tokens: new DeployTokens(db),
    guard,
    pins,
    pinTtlSeconds: config.releases.pinTtlSeconds,
    releaseFiles,
    releaseUploads,
    checks,
    analyses,
    beforeAnalysis: () => telemetry.flush(),
    previews,
    renderServerToken: config.telemetry.serverToken,
  });
  await app.register(telemetryRoutes, {
    db,
    buffer: telemetry,
    registered: new RegisteredReleases(db),
    settings: config.telemetry,
    metrics,
    clock,
    releaseFilesBaseUrl: config.releases.filesBaseUrl,
  });
  return app;
}
