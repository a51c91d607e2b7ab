import { waitFor } from '@testing-library/react';
import { authStore, getAccessToken, saveAccessToken, setSignedIn } from './authStore';
import { describeAuthError } from './identity/errors';
import { logOut, signIn, signInWithGoogle, startIdentity } from './session';
import { signUp } from './signUp';
import { IdentityDouble, resetSession, type ApiCall, type FakeAccountApi } from './testing';

/**
 * The session's flows over a double of the identity service and a fake of the API's
 * responses (the browser suite runs them against the real emulator and API). The same doubles
 * serve the sign-in screens' tests (./testing.ts, @usedcars/shared-auth/testing elsewhere).
 */
let api: FakeAccountApi;
let calls: ApiCall[];
let roles: Map<string, string>;

beforeEach(() => {
  api = resetSession();
  ({ calls, roles } = api);
  roles.set('buyer@usedcars.test', 'Buyer');
});

afterEach(() => jest.restoreAllMocks());

async function started(identity: IdentityDouble) {
  await startIdentity(async () => identity);
}

test('with nobody signed in the store says signed out', async () => {
  await started(new IdentityDouble());
  expect(authStore.getState().status).toBe('signedOut');
});

test('sign in: identity, then the access token from /jwt (with the identity token), then the role', async () => {
  const identity = new IdentityDouble();
  identity.accounts.set('buyer@usedcars.test', { password: 'pw', name: 'Bea' });
  await started(identity);
  await signIn('buyer@usedcars.test', 'pw');
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer', user: { email: 'buyer@usedcars.test' } });
  expect(getAccessToken()).toBe('access-for-buyer@usedcars.test');
  expect(calls.find((c) => c.path === '/jwt')?.auth).toBe('Bearer id-token-of-buyer@usedcars.test');
  expect(calls.find((c) => c.path === '/users')?.auth).toBe('Bearer access-for-buyer@usedcars.test');
});

test('a wrong password leaves nobody signed in and the error for the screen to word', async () => {
  const identity = new IdentityDouble();
  identity.accounts.set('buyer@usedcars.test', { password: 'pw', name: 'Bea' });
  await started(identity);
  await expect(signIn('buyer@usedcars.test', 'nope')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
});

test('sign up saves the user record with the chosen role (identity token), fetches the token, signs in', async () => {
  await started(new IdentityDouble());
  await signUp({ name: 'Sam Seller', email: 'sam@usedcars.test', password: 'secret1', role: 'Seller' });
  const saved = calls.find((c) => c.path === '/users' && c.method === 'POST');
  expect(saved).toMatchObject({ auth: 'Bearer id-token-of-sam@usedcars.test', body: { name: 'Sam Seller', email: 'sam@usedcars.test', role: 'Seller' } });
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller', user: { displayName: 'Sam Seller' } });
  expect(getAccessToken()).toBe('access-for-sam@usedcars.test');
});

test('Google sign-in saves a Buyer, and log out clears the token and the store', async () => {
  const identity = new IdentityDouble();
  await started(identity);
  await signInWithGoogle();
  expect(calls.find((c) => c.path === '/users' && c.method === 'POST')?.body).toMatchObject({ email: 'gina@gmail.test', role: 'Buyer' });
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer' });
  await logOut();
  expect(identity.current).toBeNull();
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
});

test('the API being unreachable during sign-in leaves nobody half signed in', async () => {
  const identity = new IdentityDouble();
  identity.accounts.set('buyer@usedcars.test', { password: 'pw', name: 'Bea' });
  await started(identity);
  global.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await expect(signIn('buyer@usedcars.test', 'pw')).rejects.toThrow(/could not reach/i);
  expect(identity.current).toBeNull();
  expect(authStore.getState().status).not.toBe('signedIn');
});

describe('a reload restores the session', () => {
  function signedInAlready(email: string) {
    const identity = new IdentityDouble();
    identity.accounts.set(email, { password: 'pw', name: 'Someone' });
    identity.current = { uid: email, email, displayName: 'Someone' };
    return identity;
  }

  test.each(['Buyer', 'Seller', 'admin'])('with an expired stored token, the %s gets a new token and their role', async (role) => {
    roles.set('someone@usedcars.test', role);
    saveAccessToken('expired-token');
    await started(signedInAlready('someone@usedcars.test'));
    await waitFor(() => expect(authStore.getState()).toMatchObject({ status: 'signedIn', role, user: { email: 'someone@usedcars.test' } }));
    expect(calls.filter((c) => c.path === '/jwt')).toHaveLength(1);
    expect(getAccessToken()).toBe('access-for-someone@usedcars.test');
  });

  test('with a valid stored token, no new token is fetched', async () => {
    saveAccessToken('access-for-buyer@usedcars.test');
    await started(signedInAlready('buyer@usedcars.test'));
    await waitFor(() => expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer' }));
    expect(calls.filter((c) => c.path === '/jwt')).toHaveLength(0);
  });

  // No stored token: /jwt responds with 404 for the identity. Another tab may be in the middle of a
  // sign-up (its POST /users not landed yet) and the identity service's session is shared by
  // every tab, so only this tab's state is cleared; the identity service is not signed out.
  test('an identity with no user record behind it ends signed out, not signed in without a role', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const identity = signedInAlready('ghost@usedcars.test');
    const signOut = jest.spyOn(identity, 'signOut');
    await started(identity);
    await waitFor(() => expect(authStore.getState().status).toBe('signedOut'));
    expect(calls.filter((c) => c.path === '/jwt')).toHaveLength(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(identity.current).toMatchObject({ email: 'ghost@usedcars.test' });
    expect(getAccessToken()).toBeNull();
  });

  test('logging out while the restore still waits for the role stays logged out', async () => {
    saveAccessToken('access-for-buyer@usedcars.test');
    const realFetch = global.fetch;
    let releaseRole = () => undefined as void;
    const roleHeld = new Promise<void>((resolve) => (releaseRole = resolve));
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://page.test').pathname === '/users') await roleHeld;
      return realFetch(input, init);
    }) as typeof fetch;
    await started(signedInAlready('buyer@usedcars.test'));
    await logOut();
    releaseRole();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(authStore.getState().status).toBe('signedOut');
    expect(getAccessToken()).toBeNull();
  });

  test('logging out while the restore still waits for a new token leaves no token behind', async () => {
    const realFetch = global.fetch;
    let releaseToken = () => undefined as void;
    const tokenHeld = new Promise<void>((resolve) => (releaseToken = resolve));
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://page.test').pathname === '/jwt') await tokenHeld;
      return realFetch(input, init);
    }) as typeof fetch;
    await started(signedInAlready('buyer@usedcars.test'));
    await logOut();
    releaseToken();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(authStore.getState().status).toBe('signedOut');
    expect(getAccessToken()).toBeNull();
  });

  test('a stored token whose account has since gone (401, then /jwt 404) ends the session everywhere', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    saveAccessToken('expired-token');
    const identity = signedInAlready('ghost@usedcars.test');
    await started(identity);
    await waitFor(() => expect(authStore.getState().status).toBe('signedOut'));
    expect(identity.current).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});

describe('a sign-up that fails half-way', () => {
  const sam = { name: 'Sam Seller', email: 'sam@usedcars.test', password: 'secret1', role: 'Seller' } as const;

  test('the API refusing the record (4xx) removes the identity account it made, so registering again works', async () => {
    const identity = new IdentityDouble();
    await started(identity);
    api.savingFails = 429;
    await expect(signUp(sam)).rejects.toMatchObject({ status: 429 });
    expect(identity.accounts.has(sam.email)).toBe(false);
    expect(identity.current).toBeNull();
    expect(authStore.getState().status).toBe('signedOut');
    expect(getAccessToken()).toBeNull();

    api.savingFails = null;
    await signUp(sam);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller' });
  });

  // A 5xx may come after the record was written; deleting the account would then leave the
  // record tied to a deleted account and the e-mail locked for good. So the account stays.
  test('an outage while saving the record (503) keeps the account, and registering again finishes it', async () => {
    const identity = new IdentityDouble();
    await started(identity);
    api.savingFails = 503;
    await expect(signUp(sam)).rejects.toMatchObject({ status: 503 });
    expect(identity.accounts.has(sam.email)).toBe(true);
    expect(identity.current).toBeNull();
    expect(authStore.getState().status).toBe('signedOut');
    expect(getAccessToken()).toBeNull();

    api.savingFails = null;
    await signUp(sam);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller', user: { email: sam.email } });
    expect(getAccessToken()).toBe('access-for-sam@usedcars.test');
  });

  test('a record saved behind a failed response (a timeout) keeps the account it is tied to: logging in finishes', async () => {
    const identity = new IdentityDouble();
    await started(identity);
    api.savingFails = 504;
    api.savedAnyway = true;
    await expect(signUp(sam)).rejects.toMatchObject({ status: 504 });
    expect(identity.accounts.has(sam.email)).toBe(true);
    expect(roles.get(sam.email)).toBe('Seller');
    expect(authStore.getState().status).toBe('signedOut');

    api.savingFails = null;
    await signIn(sam.email, sam.password);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller' });
  });

  test('the API out of reach while saving the record keeps the account too', async () => {
    const identity = new IdentityDouble();
    await started(identity);
    const fakeFetch = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return fakeFetch(input, init);
    }) as typeof fetch;
    await expect(signUp(sam)).rejects.toThrow(/could not reach/i);
    expect(identity.accounts.has(sam.email)).toBe(true);
    expect(authStore.getState().status).toBe('signedOut');

    global.fetch = fakeFetch;
    await signUp(sam);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller' });
  });

  test('after the user record was saved, keeps the account (the record is tied to it): logging in later finishes', async () => {
    const identity = new IdentityDouble();
    await started(identity);
    api.jwtFails = true;
    await expect(signUp(sam)).rejects.toMatchObject({ status: 503 });
    expect(identity.accounts.has(sam.email)).toBe(true);
    expect(authStore.getState().status).toBe('signedOut');
    expect(identity.current).toBeNull();

    api.jwtFails = false;
    await signIn(sam.email, sam.password);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller' });
  });

  test('left over from before: logging in says to register again, and registering again finishes it', async () => {
    const identity = new IdentityDouble();
    identity.accounts.set(sam.email, { password: sam.password, name: sam.name }); // no user record
    await started(identity);

    const error = await signIn(sam.email, sam.password).catch((e: unknown) => e);
    expect(describeAuthError(error)).toMatch(/never finished.*Create a new Account with this same e-mail and password/);
    expect(authStore.getState().status).toBe('signedOut');
    expect(identity.current).toBeNull();

    await signUp(sam);
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller', user: { email: sam.email } });
    expect(getAccessToken()).toBe('access-for-sam@usedcars.test');
  });

  test("registering with a complete account's e-mail still says it is in use, even with its password", async () => {
    const identity = new IdentityDouble();
    identity.accounts.set('buyer@usedcars.test', { password: 'pw', name: 'Bea' });
    await started(identity);
    const again = { name: 'Bea', email: 'buyer@usedcars.test', password: 'pw', role: 'Seller' } as const;
    await expect(signUp(again)).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    await expect(signUp({ ...again, password: 'other' })).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    expect(authStore.getState().status).toBe('signedOut');
    expect(identity.current).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(roles.get('buyer@usedcars.test')).toBe('Buyer');
  });
});

test('a page rendered for its viewer starts the identity SDK only once `after` settles, or sooner when a sign-out needs it', async () => {
  let loads = 0;
  const identity = new IdentityDouble();
  let idle = () => undefined as void;
  const quiet = new Promise<void>((resolve) => (idle = resolve));
  const starting = startIdentity(
    async () => {
      loads += 1;
      return identity;
    },
    { after: quiet },
  );
  await Promise.resolve();
  expect(loads).toBe(0);
  idle();
  await starting;
  expect(loads).toBe(1);

  // Sooner: a sign-out before the page is idle asks for the SDK itself.
  let early = 0;
  void startIdentity(
    async () => {
      early += 1;
      return new IdentityDouble();
    },
    { after: new Promise(() => undefined) },
  );
  await logOut();
  expect(early).toBe(1);
  expect(authStore.getState().status).toBe('signedOut');
});

test('log out signs out of the identity service too, and clears the store and token even when that fails', async () => {
  const identity = new IdentityDouble();
  await started(identity);
  const signOut = jest.spyOn(identity, 'signOut');
  setSignedIn({ uid: 'u1', email: 'buyer@usedcars.test', displayName: 'Bea' }, 'Buyer');
  saveAccessToken('t');
  await logOut();
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(authStore.getState().status).toBe('signedOut');

  signOut.mockRejectedValueOnce(new Error('identity service down'));
  setSignedIn({ uid: 'u1', email: 'buyer@usedcars.test', displayName: 'Bea' }, 'Buyer');
  saveAccessToken('t');
  await expect(logOut()).rejects.toThrow('identity service down');
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
});
