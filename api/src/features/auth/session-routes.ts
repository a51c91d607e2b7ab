import { z } from 'zod';
import { type Role, messageSchema, sessionCookieSchema, sessionViewerSchema } from '@usedcars/shared-contract';
import type { AppContext, ZodApp } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { findUserByEmail, linkIdentity } from '../users/service';
import { sessionCredential } from './guard';
import { IdentityError } from './identity';
import { accountOf, identityOf, identityToken, sessionCookie, signedIn } from './route-auth';

/** A session cookie is made only for a sign-in this recent, unless it renews a session of the same account. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** However far the identity service's clock runs ahead of ours, Log Out waits no longer than this. */
const MAX_REVOCATION_WAIT_MS = 2_000;

/**
 * The identity service revokes sign-ins made before a whole second (docs/architecture.md, "The session cookie"): a
 * revocation in the very second of the sign-in would leave it standing, so Log Out waits for the next second.
 */
async function untilSecondAfter(authTime: number | undefined): Promise<void> {
  if (authTime === undefined) return;
  const waitMs = Math.min(MAX_REVOCATION_WAIT_MS, (authTime + 1) * 1000 - Date.now());
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/**
 * The session cookie (docs/architecture.md, "The session cookie"): the render server trades the
 * visitor's ID token for it, and sends it back as "Authorization: Session <cookie>" on the reads
 * it makes to render their pages. The guard accepts that credential on GET routes only, and on
 * the route that ends it (Log Out). Part of the auth folder's plugin (routes.ts).
 */
export function sessionRoutes(app: ZodApp, { db, identity, config }: AppContext): void {
  const stillAccepted = (cookie: string) =>
    identity.verifySessionCookie
      ? identity.verifySessionCookie(cookie).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
  app.post(
    '/auth/session',
    {
      config: { auth: identityToken, rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Trades a Firebase ID token of a recent sign-in for a session cookie the render server sets',
        description:
          `Needs "Authorization: Bearer <Firebase ID token>" of a sign-in at most ${RECENT_SIGN_IN_SECONDS} seconds old, or \`current\`: ` +
          `a still valid session cookie of the same account (renewing it). The cookie lasts ${config.sessionCookieTtlSeconds} seconds ` +
          'and only lets GET routes know the caller ("Authorization: Session <cookie>").',
        body: z.object({ current: z.string().max(4096).optional() }),
        response: { 200: sessionCookieSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const signIn = identityOf(request);
      const recent = signIn.authTime !== undefined && Date.now() / 1000 - signIn.authTime <= RECENT_SIGN_IN_SECONDS;
      if (!recent && !(await renewsOwnSession(request.body.current, signIn.uid))) {
        throw unauthorized('Sign in again: a session starts only from a recent sign-in');
      }
      const user = await findUserByEmail(db, signIn.email);
      if (!user) throw notFound(`No account for ${signIn.email} yet: register first (POST /users)`);
      await linkIdentity(db, user, signIn);
      if (!identity.createSessionCookie) throw unauthorized('Session cookies are not supported by this identity service');
      const sessionCookie = await identity.createSessionCookie(
        request.headers.authorization!.replace(/^Bearer\s+/i, ''),
        config.sessionCookieTtlSeconds * 1000,
      );
      return { sessionCookie, expiresInSeconds: config.sessionCookieTtlSeconds };
    },
  );

  async function renewsOwnSession(current: string | undefined, uid: string): Promise<boolean> {
    if (!current || !identity.verifySessionCookie) return false;
    try {
      return (await identity.verifySessionCookie(current)).uid === uid;
    } catch (error) {
      if (error instanceof IdentityError) return false;
      throw error;
    }
  }

  app.delete(
    '/auth/session',
    {
      config: { auth: sessionCookie },
      schema: {
        tags: ['auth'],
        summary: "Log Out: ends every session of the cookie's account, on every device",
        description:
          'The render server sends the session cookie being signed out ("Authorization: Session <cookie>"). The identity service ' +
          "revokes the account's refresh tokens, so its session cookies and ID tokens are refused from then on (to the second), here and at the render server.",
        response: { 204: z.null(), 401: messageSchema },
      },
    },
    async (request, reply) => {
      if (!identity.revokeSessions) throw unauthorized('Session cookies are not supported by this identity service');
      const { uid, authTime } = identityOf(request);
      const cookie = sessionCredential(request);
      await untilSecondAfter(authTime);
      await identity.revokeSessions(uid);
      // Ended only once the cookie is refused: should the revocation still land in the sign-in's second, it is made again in the next.
      for (let tries = 0; tries < 3 && cookie && (await stillAccepted(cookie)); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
        await identity.revokeSessions(uid);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/session',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['auth'],
        summary: 'Who the caller is: with "Authorization: Session <cookie>", whom the render server renders for',
        response: { 200: sessionViewerSchema },
      },
    },
    async (request) => {
      const user = accountOf(request);
      if (!user.identityUid) throw unauthorized('This account has no sign-in yet');
      return { uid: user.identityUid, email: user.email, name: user.name, role: user.role as Role };
    },
  );
}
