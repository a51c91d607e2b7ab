import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/errors';
import type { AccessTokens } from './access-token';
import { IdentityError, type IdentityVerifier, type VerifiedIdentity } from './identity';

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The render server's credential: the visitor's session cookie (docs/architecture.md, "The session cookie"). */
export function sessionCredential(request: FastifyRequest): string | null {
  const match = /^Session\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The session cookie only lets the render server read what it renders: it never authorizes a change. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Who is calling. The role is read from the database on every call, so a changed role or a
 * deleted account takes effect at once, whatever an older token says.
 */
export class Guard {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly identity: IdentityVerifier,
  ) {}

  async user(request: FastifyRequest): Promise<UserRow> {
    const session = sessionCredential(request);
    if (session) return this.sessionUser(request, session);
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const userId = await this.tokens.verify(token);
    if (!userId) throw unauthorized('The access token is not valid or has expired; sign in again');
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw unauthorized('This account no longer exists');
    return user;
  }

  private async sessionUser(request: FastifyRequest, cookie: string): Promise<UserRow> {
    if (!READS.has(request.method)) throw unauthorized('A session cookie authorizes reads only: send the access token of GET /jwt');
    const { uid } = await this.verifiedSession(cookie);
    const [user] = await this.db.select().from(users).where(eq(users.identityUid, uid)).limit(1);
    if (!user) throw unauthorized('This account no longer exists');
    return user;
  }

  /** The sign-in behind the session cookie the caller sends, for ending it (DELETE /auth/session): the one change a cookie may make. */
  async sessionSignIn(request: FastifyRequest): Promise<VerifiedIdentity> {
    const cookie = sessionCredential(request);
    if (!cookie) throw unauthorized('Send the session cookie as "Authorization: Session <cookie>"');
    return this.verifiedSession(cookie);
  }

  private async verifiedSession(cookie: string): Promise<VerifiedIdentity> {
    if (!this.identity.verifySessionCookie) throw unauthorized('Session cookies are not supported by this identity service');
    try {
      return await this.identity.verifySessionCookie(cookie);
    } catch (error) {
      if (error instanceof IdentityError) throw unauthorized(error.message);
      throw error;
    }
  }

  /** The caller when a bearer token is sent (a bad one is a 401, so the client refreshes it), else null. */
  async optionalUser(request: FastifyRequest): Promise<UserRow | null> {
    return request.headers.authorization === undefined ? null : this.user(request);
  }

  async userWithRole(request: FastifyRequest, roles: readonly Role[], what: string): Promise<UserRow> {
    const user = await this.user(request);
    if (!(roles as readonly string[]).includes(user.role)) throw forbidden(`Only ${roles.join(' or ')} accounts can ${what}`);
    return user;
  }

  /** The identity-service account behind a Firebase ID token (GET /jwt, POST /users). */
  async signedIn(request: FastifyRequest): Promise<VerifiedIdentity> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Send the Firebase ID token as "Authorization: Bearer <token>"');
    try {
      return await this.identity.verifyIdToken(token);
    } catch (error) {
      if (error instanceof IdentityError) throw unauthorized(error.message);
      throw error;
    }
  }
}

/** A caller may name only their own e-mail, except an admin. */
export function assertOwnEmail(user: UserRow, email: string): void {
  if (user.role !== 'admin' && user.email !== email.toLowerCase()) throw forbidden('You can only read your own records');
}
