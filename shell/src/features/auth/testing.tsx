/**
 * Test helpers for the sign-in screens (imported by *.test.tsx only). The screens run on the real
 * session of @usedcars/shared-auth; only what sits behind it is stood in for: the identity
 * service (a double, plugged in through startIdentity) and the API's answers (fetch).
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { authStore, setRuntimeConfig, startIdentity, type AuthUser, type IdentityAdapter, type LoginRedirectState } from '@usedcars/shared-auth';
import { AppToaster } from '@usedcars/shared-ui';
import toast from 'react-hot-toast';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

/** An identity service in memory: accounts by e-mail, one signed-in person. */
export class IdentityDouble implements IdentityAdapter {
  current: AuthUser | null = null;
  readonly accounts = new Map<string, { password: string; name: string | null }>();
  /** The next call to any operation fails with this Firebase code (a network error, a closed popup). */
  failNext: string | null = null;
  private listeners: ((user: AuthUser | null) => void)[] = [];

  onChange(listener: (user: AuthUser | null) => void) {
    this.listeners.push(listener);
    listener(this.current);
    return () => undefined;
  }
  private become(user: AuthUser | null) {
    this.current = user;
    for (const listener of this.listeners) listener(user);
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

/**
 * The API's answers to the session's calls: user records by e-mail (role), /jwt for an e-mail
 * that has one, POST /users saving one. Returns the records so a test can seed and read them.
 */
export function standInApi(): Map<string, string> {
  const roles = new Map<string, string>();
  const answer = (status: number, body: unknown) =>
    ({ ok: status < 400, status, statusText: '', headers: new Headers(), text: async () => JSON.stringify(body) }) as Response;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const email = url.searchParams.get('email') ?? '';
    if (url.pathname === '/jwt') {
      return roles.has(email) ? answer(200, { accessToken: `access-for-${email}` }) : answer(404, { message: `No account for ${email} yet` });
    }
    if (url.pathname === '/users' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { email: string; role: string };
      if (!roles.has(body.email)) roles.set(body.email, body.role);
      return answer(201, { acknowledged: true });
    }
    if (url.pathname === '/users') return answer(200, roles.has(email) ? [{ _id: '1', email, name: 'x', role: roles.get(email) }] : []);
    return answer(404, { message: 'Not found' });
  }) as typeof fetch;
  return roles;
}

/** Starts the real session on a fresh identity double and API stand-in, nobody signed in. */
export async function startSession() {
  // react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  toast.remove(); // the toaster's store outlives a test's screen
  localStorage.clear();
  authStore.setState({ status: 'loading', user: null, role: null });
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  const identity = new IdentityDouble();
  const roles = standInApi();
  await startIdentity(async () => identity);
  return { identity, roles };
}

/** Any other page: where the person landed, and whether the screen replaced its history entry. */
function Landed() {
  const location = useLocation();
  return <h1>{`Landed on ${location.pathname}${location.search} by ${useNavigationType()}`}</h1>;
}

/** A sign-in screen at `path`, the toaster beside it, any other address showing <Landed>. */
export function renderAuthScreen(path: string, screen: ReactNode, from?: LoginRedirectState['from']) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state: from ? ({ from } satisfies LoginRedirectState) : null }]}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
}
