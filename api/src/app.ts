import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type onSendHookHandler } from 'fastify';
import { type ZodTypeProvider, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER, TOTAL_COUNT_HEADER, healthSchema } from '@usedcars/shared-contract';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { AccessTokens } from './features/auth/access-token';
import { Guard } from './features/auth/guard';
import type { IdentityVerifier } from './features/auth/identity';
import { authRoutes } from './features/auth/routes';
import { bookingRoutes } from './features/bookings/routes';
import { carRoutes } from './features/cars/routes';
import { CarCatalog } from './features/cars/service';
import type { PaymentGateway } from './features/payments/gateway';
import { paymentRoutes } from './features/payments/routes';
import { userRoutes } from './features/users/routes';
import { registerErrorHandling } from './http/errors';
import { securityHeaders } from './http/security-headers';

export interface AppOptions {
  db: Db;
  identity: IdentityVerifier;
  gateway: PaymentGateway;
  config: AppConfig;
}

export const PUBLIC_DIR = path.resolve(__dirname, '../public');

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp({ db, identity, gateway, config }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    // The API runs behind nothing by default; a proxy in front sets X-Forwarded-* and this flag.
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, config.bodyLimitBytes);

  const headers = await securityHeaders({
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
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match'],
    exposedHeaders: [TOTAL_COUNT_HEADER, NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER, 'ETag'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Used cars API', version: '1.0.0', description: 'The REST calls of the used-car marketplace (SPEC.md §7).' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from GET /jwt' },
          firebaseIdToken: { type: 'http', scheme: 'bearer', description: 'Firebase ID token of the signed-in person' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyStatic, {
    root: path.join(PUBLIC_DIR, 'images'),
    prefix: '/images/',
    decorateReply: false,
    maxAge: '1d',
  });

  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const context: AppContext = { db, identity, gateway, config, tokens, guard: new Guard(db, tokens, identity) };
  const catalog = new CarCatalog(db, { pagesMs: config.listCacheTtlMs, totalsMs: config.countCacheTtlMs });

  // Any accepted write may change what a brand list shows (a car added, booked, sold or deleted).
  // Hooked onto write routes only, so reads pay nothing for it.
  const invalidateOnSuccess: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) catalog.invalidate();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => WRITE_METHODS.has(method))) route.onSend = [invalidateOnSuccess, ...[route.onSend ?? []].flat()];
  });

  app.get('/health', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));
  for (const routes of [authRoutes, userRoutes, carRoutes(catalog), bookingRoutes, paymentRoutes]) routes(app, context);
  return app;
}
