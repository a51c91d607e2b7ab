import { randomUUID } from 'node:crypto';
import { type App, deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { type IdentityEnvironment, assertSafeIdentity } from './identityEnvironment';

/** Who a Firebase ID token belongs to. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  /**
   * The identity service has proved the person reads this mailbox (Google sign-ins, a verified
   * e-mail/password account). Only such a sign-in may claim a record that has no account yet.
   */
  emailVerified: boolean;
  name?: string;
  /** When the person last signed in (seconds since the epoch): a session cookie needs a recent one. */
  authTime?: number;
}

export interface NewIdentity {
  email: string;
  password: string;
  displayName: string;
}

/** The identity service as the API needs it: check sign-ins, and remove or create accounts. */
export interface IdentityVerifier {
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  deleteUser(uid: string): Promise<void>;
  /** Creates the account unless one exists for that e-mail; returns its uid. */
  ensureUser?(user: NewIdentity): Promise<string>;
  /** True when accounts live in a local emulator, where demo accounts may be made. */
  readonly isEmulator?: boolean;
  /** A session cookie for this ID token (docs/architecture.md, "The session cookie"). */
  createSessionCookie?(idToken: string, expiresInMs: number): Promise<string>;
  /** Who a session cookie belongs to; IdentityError when it is tampered, expired, revoked or of a deleted account. */
  verifySessionCookie?(cookie: string): Promise<VerifiedIdentity>;
  /** Ends every session of the account: its refresh tokens, and the sign-ins its session cookies and ID tokens came from (to the second). */
  revokeSessions?(uid: string): Promise<void>;
}

export class IdentityError extends Error {}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * Firebase Auth through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin
 * talks to the emulator and accepts its unsigned tokens, so that set-up is refused in production
 * or for a real project (assertSafeIdentity throws a ConfigError). settingsFromEnv refuses it
 * first; the constructor checks again for whoever builds one some other way.
 */
export class FirebaseIdentity implements IdentityVerifier {
  private readonly app: App;
  readonly isEmulator: boolean;

  constructor(environment: IdentityEnvironment) {
    assertSafeIdentity(environment);
    this.isEmulator = Boolean(environment.emulatorHost);
    const { projectId } = environment;
    const name = `usedcars-${projectId}`;
    this.app = getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
  }

  async verifyIdToken(token: string): Promise<VerifiedIdentity> {
    try {
      const decoded = await getAuth(this.app).verifyIdToken(token, true);
      if (!decoded.email) throw new IdentityError('This sign-in has no e-mail address');
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        name: decoded.name as string | undefined,
        authTime: decoded.auth_time,
      };
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError('The sign-in token is not valid or has expired');
    }
  }

  createSessionCookie(idToken: string, expiresInMs: number): Promise<string> {
    return getAuth(this.app).createSessionCookie(idToken, { expiresIn: expiresInMs });
  }

  async verifySessionCookie(cookie: string): Promise<VerifiedIdentity> {
    try {
      const decoded = await getAuth(this.app).verifySessionCookie(cookie, true);
      if (!decoded.email) throw new IdentityError('This session has no e-mail address');
      return { uid: decoded.uid, email: decoded.email.toLowerCase(), emailVerified: decoded.email_verified === true, authTime: decoded.auth_time };
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError('The session is not valid, has expired or was ended');
    }
  }

  revokeSessions(uid: string): Promise<void> {
    return getAuth(this.app).revokeRefreshTokens(uid);
  }

  async deleteUser(uid: string): Promise<void> {
    try {
      await getAuth(this.app).deleteUser(uid);
    } catch (error) {
      if (!hasCode(error, 'auth/user-not-found')) throw error;
    }
  }

  async ensureUser(user: NewIdentity): Promise<string> {
    const auth = getAuth(this.app);
    try {
      return (await auth.getUserByEmail(user.email)).uid;
    } catch (error) {
      if (!hasCode(error, 'auth/user-not-found')) throw error;
    }
    return (await auth.createUser({ email: user.email, password: user.password, displayName: user.displayName })).uid;
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }
}

/** In-memory identity service for tests: `signIn` hands out a token the verifier accepts. */
export class FakeIdentity implements IdentityVerifier {
  readonly isEmulator = true;
  private readonly tokens = new Map<string, VerifiedIdentity>();
  private readonly accounts = new Map<string, NewIdentity & { uid: string }>();
  readonly deleted: string[] = [];
  private readonly sessions = new Map<string, { identity: VerifiedIdentity; expiresAt: number }>();
  /** From which second each account's sign-ins count (revokeRefreshTokens' tokensValidAfterTime, whole seconds as the service keeps it). */
  private readonly validSince = new Map<string, number>();
  /** Set to make deleteUser fail as an unreachable identity service would. */
  deleteFailure: Error | null = null;

  /** Like an e-mail/password account, the address is unverified unless the test says otherwise. */
  signIn(email: string, name?: string, uid = `uid-${email}`, { emailVerified = false }: { emailVerified?: boolean } = {}): string {
    const token = `fake-id-token-${randomUUID()}`;
    this.tokens.set(token, { uid, email: email.toLowerCase(), emailVerified, name, authTime: Math.floor(Date.now() / 1000) });
    return token;
  }

  /** Like an ID token of a person who signed in `secondsAgo` and has kept their session since. */
  signInEarlier(email: string, secondsAgo: number, uid = `uid-${email}`): string {
    const token = this.signIn(email, undefined, uid);
    const identity = this.tokens.get(token)!;
    this.tokens.set(token, { ...identity, authTime: identity.authTime! - secondsAgo });
    return token;
  }

  async createSessionCookie(idToken: string, expiresInMs: number): Promise<string> {
    const identity = await this.verifyIdToken(idToken);
    const cookie = `fake-session-${randomUUID()}`;
    this.sessions.set(cookie, { identity, expiresAt: Date.now() + expiresInMs });
    return cookie;
  }

  async verifySessionCookie(cookie: string): Promise<VerifiedIdentity> {
    const session = this.sessions.get(cookie);
    const validSince = session ? (this.validSince.get(session.identity.uid) ?? 0) : 0;
    if (!session || session.expiresAt <= Date.now() || this.deleted.includes(session.identity.uid) || session.identity.authTime! < validSince) {
      throw new IdentityError('The session is not valid, has expired or was ended');
    }
    return session.identity;
  }

  async revokeSessions(uid: string): Promise<void> {
    this.validSince.set(uid, Math.floor(Date.now() / 1000));
  }

  async verifyIdToken(token: string): Promise<VerifiedIdentity> {
    const identity = this.tokens.get(token);
    if (!identity || this.deleted.includes(identity.uid) || identity.authTime! < (this.validSince.get(identity.uid) ?? 0)) {
      throw new IdentityError('The sign-in token is not valid or has expired');
    }
    return identity;
  }

  async deleteUser(uid: string): Promise<void> {
    if (this.deleteFailure) throw this.deleteFailure;
    this.deleted.push(uid);
  }

  async ensureUser(user: NewIdentity): Promise<string> {
    const existing = this.accounts.get(user.email);
    if (existing) return existing.uid;
    const uid = `uid-${user.email}`;
    this.accounts.set(user.email, { ...user, uid });
    return uid;
  }
}
