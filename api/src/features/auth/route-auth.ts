import type { FastifyPluginAsync, FastifyRequest, RouteOptions, preParsingAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type Role, messageSchema } from '@usedcars/shared-contract';
import { ROUTE_AUTH, bearerSecurity, idTokenSecurity, sessionSecurity } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../http/errors';
import type { Guard } from './guard';
import type { VerifiedIdentity } from './identity';

/**
 * Who may call a route, written once in its `config.auth`. The same mark decides the check
 * (made before the body is read, so a refused caller learns nothing about what the route
 * accepts) and the route's OpenAPI `security`, `x-roles` and 401/403 responses.
 */
export type RouteAuth =
  /** An access token of GET /jwt; with roles, only accounts of those roles (403 for the others). */
  | { token: 'access'; roles?: readonly Role[]; action?: string }
  /** Open to all; a bearer token, when sent, must be valid and names the caller. */
  | { token: 'optional-access' }
  /** A Firebase ID token: the person signed in at the identity service (no account needed yet). */
  | { token: 'identity' }
  /** A session cookie ("Authorization: Session <cookie>"), on the one route that ends it. */
  | { token: 'session' };

export const signedIn: RouteAuth = { token: 'access' };
export const signedInIfTokenSent: RouteAuth = { token: 'optional-access' };
export const identityToken: RouteAuth = { token: 'identity' };
export const sessionCookie: RouteAuth = { token: 'session' };
/** `action` completes "Only Seller accounts can …" in the 403's message. */
export const onlyRoles = (roles: readonly Role[], action: string): RouteAuth => ({ token: 'access', roles, action });

/** The OpenAPI extension that lists the roles a route is open to. */
export const ROLES_EXTENSION = 'x-roles';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** Set before parsing on routes marked with an access token (null: none sent to an optional route). */
    account: UserRow | null;
    /** Set before parsing on routes marked with the identity token or the session cookie. */
    identitySignIn: VerifiedIdentity | null;
  }
}

/** The account an access-token route was called with. */
export function accountOf(request: FastifyRequest): UserRow {
  if (!request.account) throw new Error(`${request.method} ${request.routeOptions.url} reads the account but is not marked with config.auth`);
  return request.account;
}

/** The identity-service sign-in an identity-token (or session-cookie) route was called with. */
export function identityOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.identitySignIn) throw new Error(`${request.method} ${request.routeOptions.url} reads the sign-in but is not marked with config.auth`);
  return request.identitySignIn;
}

const SECURITY: Record<RouteAuth['token'], Record<string, string[]>[]> = {
  access: bearerSecurity,
  'optional-access': [{}, ...bearerSecurity],
  identity: idTokenSecurity,
  session: sessionSecurity,
};

function documented(route: RouteOptions, auth: RouteAuth): void {
  const refusals = { 401: messageSchema, ...(auth.token === 'access' && auth.roles ? { 403: messageSchema } : {}) };
  const schema = route.schema ?? {};
  route.schema = {
    ...schema,
    security: SECURITY[auth.token],
    ...(auth.token === 'access' && auth.roles ? { [ROLES_EXTENSION]: [...auth.roles] } : {}),
    response: { ...refusals, ...(schema.response as object | undefined) },
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A suspended seller lists, changes and uploads nothing (docs/product.md, "Moderation"), on every Seller-only write. */
function refuseSuspendedSeller(request: FastifyRequest, auth: RouteAuth): void {
  const account = request.account;
  if (auth.token !== 'access' || !auth.roles?.includes('Seller') || !WRITES.has(request.method) || !account?.suspendedAt) return;
  throw forbidden(`Your seller account is suspended: ${account.suspendedReason ?? 'ask the site for the reason'}`);
}

function authenticator(guard: Guard, auth: RouteAuth): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    if (auth.token === 'identity') request.identitySignIn = await guard.signedIn(request);
    else if (auth.token === 'session') request.identitySignIn = await guard.sessionSignIn(request);
    else if (auth.token === 'optional-access') request.account = await guard.optionalUser(request);
    else if (auth.roles) request.account = await guard.userWithRole(request, auth.roles, auth.action ?? 'do this');
    else request.account = await guard.user(request);
    refuseSuspendedSeller(request, auth);
    return payload;
  };
}

/**
 * Checks each marked route's caller in preParsing: after onRequest (the per-address rate limits
 * still count refused callers) and before the body is read, parsed or validated. Register it
 * before the OpenAPI plugin, whose own onRoute hook must see the derived schema. Not encapsulated:
 * its hook and request decorators reach every route folder's plugin registered after it.
 */
const routeAuthPlugin: FastifyPluginAsync<{ guard: Guard }> = async (app, { guard }) => {
  app.decorateRequest('account', null);
  app.decorateRequest('identitySignIn', null);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) return;
    documented(route, auth);
    route.preParsing = [authenticator(guard, auth), ...[route.preParsing ?? []].flat()];
  });
};

export const routeAuth = fp(routeAuthPlugin, { name: ROUTE_AUTH, fastify: '5.x' });
