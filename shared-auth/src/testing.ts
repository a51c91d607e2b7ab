// The session runs for real: only the identity service and the API are stood in for.
import { authStore, type AuthUser } from './authStore';
import type { IdentityAdapter } from './identity/types';
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { pageSession } from './session';
import { runtimeRegistry } from '@usedcars/federation/runtime';

export const TEST_API_URL = 'http://api.test';

/** The screens word it by its code. */
const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

export class IdentityDouble implements IdentityAdapter {
  /** Set it before startIdentity for a person a reload finds signed in. */
  current: AuthUser | null = null;
  readonly accounts = new Map<string, { password: string; name: string | null }>();
  failNext: string | null = null;
  private listeners: ((user: AuthUser | null) => void)[] = [];
  private tokenListeners: ((token: { idToken: string; uid: string } | null) => void)[] = [];
  private refreshes = 0;

  onChange(listener: (user: AuthUser | null) => void) {
    this.listeners.push(listener);
    listener(this.current);
    return () => undefined;
  }
  onTokenChange(listener: (token: { idToken: string; uid: string } | null) => void) {
    this.tokenListeners.push(listener);
    listener(this.token());
    return () => undefined;
  }
  refreshToken() {
    this.refreshes += 1;
    for (const listener of this.tokenListeners) listener(this.token());
  }
  private token() {
    return this.current ? { idToken: `id-token-of-${this.current.email}${this.refreshes ? `-${this.refreshes}` : ''}`, uid: this.current.uid } : null;
  }
  private become(user: AuthUser | null) {
    this.current = user;
    for (const listener of this.listeners) listener(user);
    for (const listener of this.tokenListeners) listener(this.token());
    return user as AuthUser;
  }
  private check() {
    const code = this.failNext;
    this.failNext = null;
    if (code) throw failure(code);
  }
  async signIn(email: string, password: string) {
    this.check();
    const account = this.accounts.get(email);
    if (!account || account.password !== password) throw failure('auth/invalid-credential');
    return this.become({ uid: email, email, displayName: account.name });
  }
  async signUp(email: string, password: string, name: string) {
    this.check();
    // In Firebase's order: a taken e-mail is reported whatever the password.
    if (this.accounts.has(email)) throw failure('auth/email-already-in-use');
    if (password.length < 6) throw failure('auth/weak-password');
    this.accounts.set(email, { password, name });
    return this.become({ uid: email, email, displayName: name });
  }
  async signInWithGoogle() {
    this.check();
    return this.become({ uid: 'google-gina', email: 'gina@gmail.test', displayName: 'Gina' });
  }
  async signOut() {
    this.become(null);
  }
  async deleteAccount() {
    if (this.current?.email) this.accounts.delete(this.current.email);
    this.become(null);
  }
  async getIdToken() {
    return this.current ? `id-token-of-${this.current.email}` : null;
  }
}

export interface ApiCall {
  method: string;
  path: string;
  auth: string | null;
  body: unknown;
}

export interface FakeAccountApi {
  /** Role by e-mail. */
  readonly roles: Map<string, string>;
  readonly calls: ApiCall[];
  /** POST /users returns this status. */
  savingFails: number | null;
  /** With savingFails: the response came after the save (a timeout). */
  savedAnyway: boolean;
  jwtFails: boolean;
}

function response(status: number, body: unknown) {
  return { ok: status < 400, status, statusText: '', headers: new Headers(), text: async () => JSON.stringify(body) } as Response;
}

/** Replaces global.fetch; /jwt's access token is `access-for-<e-mail>`. */
export function fakeApi(): FakeAccountApi {
  const api: FakeAccountApi = { roles: new Map(), calls: [], savingFails: null, savedAnyway: false, jwtFails: false };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The page's own origin for the render server's /session, the API's address for the rest.
    const url = new URL(String(input), 'http://page.test');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    api.calls.push({ method: init?.method ?? 'GET', path: url.pathname, auth: headers.Authorization ?? null, body });
    const email = url.searchParams.get('email') ?? '';
    if (url.pathname === '/session') return response(204, undefined);
    if (url.pathname === '/jwt') {
      if (api.jwtFails) return response(503, { message: 'The database is not available' });
      if (!api.roles.has(email)) return response(404, { message: `No account for ${email} yet: register first (POST /users)` });
      return response(200, { accessToken: `access-for-${email}` });
    }
    if (url.pathname === '/users' && init?.method === 'POST') {
      if (api.savingFails && !api.savedAnyway) return response(api.savingFails, { message: 'The record was not saved' });
      if (!api.roles.has(body.email)) api.roles.set(body.email, body.role);
      if (api.savingFails) return response(api.savingFails, { message: 'The gateway timed out' });
      return response(201, { acknowledged: true });
    }
    if (url.pathname === '/users' && headers.Authorization !== `Bearer access-for-${email}`) {
      return response(401, { message: 'The access token is not valid or has expired; sign in again' });
    }
    if (url.pathname === '/users') return response(200, api.roles.has(email) ? [{ _id: '1', email, name: 'x', role: api.roles.get(email) }] : []);
    return response(404, { message: 'Not found' });
  }) as typeof fetch;
  return api;
}

/** A page load with nobody known yet; start the session next (startIdentity with a double). */
export function resetSession(): FakeAccountApi {
  localStorage.clear();
  authStore.setState({ status: 'loading', user: null, role: null });
  connect({ config: readRuntimeConfig({ apiUrl: TEST_API_URL }), session: pageSession, registry: runtimeRegistry() });
  return fakeApi();
}
