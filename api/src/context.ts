import type { FastifyInstance, FastifyBaseLogger, FastifyPluginOptions, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { AccessTokens } from './features/auth/access-token';
import type { IdentityVerifier } from './features/auth/identity';
import type { WriteLimits } from './features/limits/write-limits';
import type { PaymentGateway } from './features/payments/gateway';
import type { Market } from './features/market/service';
import type { PhotoService } from './features/photos/service';

/**
 * What every feature's routes are given by buildApp. Not the Guard: a route names who may call it
 * in `config.auth` (features/auth/route-auth.ts), which is checked before its input is parsed, so
 * no handler can check the caller only after validation has responded.
 */
export interface AppContext {
  db: Db;
  identity: IdentityVerifier;
  gateway: PaymentGateway;
  config: AppConfig;
  tokens: AccessTokens;
  limits: WriteLimits;
  photos: PhotoService;
  market: Market;
}

export type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** The name of the plugin that reads every route's `config.auth` (features/auth/route-auth.ts). */
export const ROUTE_AUTH = 'route-auth';

/**
 * A route folder's routes: one encapsulated, named Fastify plugin, which buildApp registers with
 * `app.register(plugin, options)` (docs/how-to.md, "Add an API route"). Fastify refuses to load it
 * before route-auth, whose onRoute hook must see every route, and before the `dependencies` named.
 */
export function featureRoutes<Options extends FastifyPluginOptions = AppContext>(
  name: string,
  plugin: FastifyPluginAsyncZod<Options>,
  dependencies: readonly string[] = [],
): FastifyPluginAsyncZod<Options> {
  return fp(plugin, { name, fastify: '5.x', encapsulate: true, dependencies: [ROUTE_AUTH, ...dependencies] });
}

/** OpenAPI marker for calls that need the access token of GET /jwt. */
export const bearerSecurity = [{ bearerAuth: [] }];
/** OpenAPI marker for calls that need a Firebase ID token. */
export const idTokenSecurity = [{ firebaseIdToken: [] }];
/** OpenAPI marker for the call that takes the render server's session cookie ("Authorization: Session <cookie>"). */
export const sessionSecurity = [{ sessionCookie: [] }];
