import { authStore, getAccessToken, saveAccessToken, setSignedIn, setSignedOut, type AuthUser } from './authStore';
import { ApiError, fetchAccessToken, fetchUserByEmail, saveUser } from '@usedcars/shared-api';
import { connection, type PageSession } from '@usedcars/federation';
import { UNFINISHED_SIGN_UP } from './identity/codes';
import { mayHoldSession } from './mayHoldSession';
import { clearSessionCookie, followToken } from './sessionCookie';
import type { IdentityAdapter } from './identity/types';

let adapter: Promise<IdentityAdapter> | null = null;
let loadAdapter: (() => Promise<IdentityAdapter>) | null = null;
/** While an action signs someone in, it finishes the job; the change listener stands aside. */
let actionInProgress = 0;
/** The store learns the person only once their role is read; a token refresh meanwhile asks here. */
let identityUser: AuthUser | null = null;

const loadFirebase = async () => {
  const { config } = connection();
  const firebase = await import(/* webpackChunkName: "identity" */ './identity/firebaseIdentity');
  if (config.authEmulatorUrl) await firebase.loadOfflineGoogle(config.authEmulatorUrl).catch((error) => console.warn('[auth]', error));
  return firebase.createFirebaseIdentity(config);
};

export function identity(): Promise<IdentityAdapter> {
  if (!loadAdapter) throw new Error('startIdentity() has not run');
  if (!adapter) {
    adapter = loadAdapter();
    adapter.then(
      (ready) => {
        ready.onChange(followIdentity);
        // An action posts its own token once it is done (the account may not exist before).
        ready.onTokenChange?.((token) => void (actionInProgress === 0 && followToken(token)));
      },
      (error) => {
        console.error('[auth] the identity service could not start', error);
        adapter = null; // the next action tries again (the SDK's chunk may have failed to load)
        setSignedOut();
      },
    );
  }
  return adapter;
}

function followIdentity(user: AuthUser | null): void {
  identityUser = user;
  if (!user) {
    if (actionInProgress === 0) setSignedOut();
    return;
  }
  if (actionInProgress > 0) return;
  // A log-out during the restore wins: its responses arrive for nobody.
  finishSignIn(user, false, () => identityUser?.uid === user.uid).catch(async (error) => {
    console.error('[auth] restoring the session failed', error);
    if (isMissingRecord(error)) {
      // This tab only (docs/product.md, "Signing in").
      identityUser = null;
      setSignedOut();
      return;
    }
    // Known even with the API out of reach, unless the failure ended the session.
    if (identityUser?.uid === user.uid) setSignedIn(user, null);
  });
}

export async function exchangeToken(email: string, current: () => boolean = () => true): Promise<string> {
  const idToken = await (await identity()).getIdToken();
  if (!idToken) throw new Error('Not signed in');
  const { accessToken } = await fetchAccessToken(email, idToken);
  if (current()) saveAccessToken(accessToken);
  return accessToken;
}

export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** `current` says whether `user` is still the one signed in when each response arrives. */
async function finishSignIn(user: AuthUser, freshToken: boolean, current: () => boolean = () => true): Promise<void> {
  if (!user.email) {
    if (current()) setSignedIn(user, null);
    return;
  }
  if (freshToken || !getAccessToken()) await exchangeToken(user.email, current);
  if (!current()) return;
  const record = await fetchUserByEmail(user.email);
  if (current()) setSignedIn(user, record?.role ?? null);
}

async function postSessionToken(): Promise<void> {
  const id = await identity();
  const [idToken, uid] = [await id.getIdToken(), authStore.getState().user?.uid];
  if (idToken && uid) await followToken({ idToken, uid });
}

export async function asAction<T>(work: () => Promise<T>): Promise<T> {
  actionInProgress += 1;
  try {
    const result = await work();
    await postSessionToken();
    return result;
  } catch (error) {
    // The listener stood aside, so a half-way sign-in is cleared here.
    if (authStore.getState().status !== 'signedIn') {
      await (await identity()).signOut().catch(() => undefined);
      setSignedOut();
    }
    throw error;
  } finally {
    actionInProgress -= 1;
  }
}

/**
 * The SDK loads now only when this browser may hold a session; `load` lets tests pass a double.
 * `after`: not before this settles, unless something needs the SDK sooner (a token to renew, a sign-out).
 */
export function startIdentity(load?: () => Promise<IdentityAdapter>, { after }: { after?: Promise<unknown> } = {}): Promise<void> {
  loadAdapter = load ?? loadFirebase;
  adapter = null;
  identityUser = null;
  if (!load && !mayHoldSession()) {
    setSignedOut();
    // The page may have been rendered for a session this browser no longer holds.
    void clearSessionCookie();
    return Promise.resolve();
  }
  const started = () =>
    identity().then(
      () => undefined,
      () => undefined,
    );
  return after ? after.then(started, started) : started();
}

/** Signs out of the identity service (once it has started) and the page's cookie; the store is signed out whatever happens. */
export async function logOut(): Promise<void> {
  try {
    identityUser = null;
    await clearSessionCookie();
    if (loadAdapter) await (await identity()).signOut();
  } finally {
    setSignedOut();
  }
}

/** The Google popup must open while the click still counts as the user's gesture. */
export function preloadIdentity(): void {
  if (loadAdapter) void identity().catch(() => undefined);
}

async function refreshAccessToken(): Promise<string | null> {
  const email = identityUser?.email ?? authStore.getState().user?.email;
  if (!email || !loadAdapter) return null;
  try {
    return await exchangeToken(email);
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
      // The account is gone or no longer trusted: sign out everywhere.
      identityUser = null;
      await (await identity()).signOut().catch(() => undefined);
      setSignedOut();
    }
    return null;
  }
}

/** Before startIdentity there is nobody to refresh for, so a 401 stands. */
export const pageSession: PageSession = { accessToken: getAccessToken, refreshAccessToken };

export function signIn(email: string, password: string): Promise<void> {
  return asAction(async () => {
    const user = await (await identity()).signIn(email, password);
    try {
      await finishSignIn(user, true);
    } catch (error) {
      // /jwt knows no user record: a sign-up that stopped after the identity account was made.
      if (isMissingRecord(error)) throw Object.assign(new Error('No user record for this identity', { cause: error }), { code: UNFINISHED_SIGN_UP });
      throw error;
    }
  });
}

/** Google sign-in makes a Buyer; an existing record keeps its role (docs/product.md, "Who uses it"). */
export function signInWithGoogle(): Promise<void> {
  return asAction(async () => {
    const id = await identity();
    const user = await id.signInWithGoogle();
    const idToken = await id.getIdToken();
    if (!idToken || !user.email) throw new Error('The Google account has no e-mail address');
    await saveUser({ name: user.displayName ?? user.email, email: user.email, role: 'Buyer' }, idToken);
    await finishSignIn(user, true);
  });
}
