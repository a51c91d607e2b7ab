import type { FastifyInstance, FastifyBaseLogger, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
 * no handler can check the caller only after validation has answered.
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

/** A feature's routes: registered on the app with the shared context. */
export type FeatureRoutes = (app: ZodApp, context: AppContext) => void;

/** OpenAPI marker for calls that need the access token of GET /jwt. */
export const bearerSecurity = [{ bearerAuth: [] }];
/** OpenAPI marker for calls that need a Firebase ID token. */
export const idTokenSecurity = [{ firebaseIdToken: [] }];
/** OpenAPI marker for the call that takes the render server's session cookie ("Authorization: Session <cookie>"). */
export const sessionSecurity = [{ sessionCookie: [] }];
