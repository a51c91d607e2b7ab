import { authStore, getAccessToken, saveAccessToken, setSignOutHandler, setSignedIn, setSignedOut, type AuthUser } from './authStore';
import { ApiError, fetchAccessToken, fetchUserByEmail, saveUser } from '@usedcars/shared-api';
import { connection, type PageSession } from '@usedcars/federation';
import { UNFINISHED_SIGN_UP } from './identity/codes';
import { mayHoldSession } from './mayHoldSession';
import { clearSessionCookie, followToken } from './sessionCookie';
import type { IdentityAdapter } from './identity/types';

/**
 * The session: the sign-in flows (login, Google login, log-out; register is in signUp.ts) over an
 * identity adapter and the API. The store in authStore.ts is what screens read; this is what they call.
 */

let adapter: Promise<IdentityAdapter> | null = null;
let loadAdapter: (() => Promise<IdentityAdapter>) | null = null;
/** While an action signs someone in, it finishes the job; the change listener stands aside. */
let actionInProgress = 0;
/**
 * Who the identity service last said is signed in. The store learns the person only once their
 * role is read, so a token refresh during that read (a reload with an expired token) asks here.
 */
let identityUser: AuthUser | null = null;

const loadFirebase = async () => {
  const { config } = connection();
  const firebase = await import('./identity/firebaseIdentity');
  if (config.authEmulatorUrl) await firebase.loadOfflineGoogle(config.authEmulatorUrl).catch((error) => console.warn('[auth]', error));
  return firebase.createFirebaseIdentity(config);
};

/** The identity SDK, loaded the first time something needs it. */
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
  // A log-out during the restore wins: its answers arrive for nobody.
  finishSignIn(user, false, () => identityUser?.uid === user.uid).catch(async (error) => {
    console.error('[auth] restoring the session failed', error);
    if (isMissingRecord(error)) {
      // No user record behind this identity (an unfinished sign-up, a deleted account): the
      // site can do nothing for it signed in, so this tab shows it signed out. Only this tab's
      // state is cleared: the identity service keeps its session in localStorage, so signing it
      // out would sign out every tab, and this may be another tab's brand-new sign-up whose
      // POST /users has not landed yet.
      identityUser = null;
      setSignedOut();
      return;
    }
    // The identity is known even if the API is not reachable right now; but not if the failure
    // ended the session (the refresh found the account gone and signed out).
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

/** /jwt's 404: the identity service knows the person, the API has no user record for them. */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** `current` says whether `user` is still the one signed in when each answer arrives. */
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

/** The session cookie of whoever an action just signed in. */
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
    // Half-way sign-ins (identity yes, API no) leave nobody signed in rather than a broken state:
    // the listener stood aside, so the store and any token just fetched are cleared here.
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
 * Follows the signed-in person. The identity SDK loads now only when this browser may hold a
 * session; otherwise the visitor is signed out at once and the SDK loads on the first sign-in
 * or sign-up. `load` lets tests pass a double (loaded at once).
 */
export function startIdentity(load?: () => Promise<IdentityAdapter>): Promise<void> {
  loadAdapter = load ?? loadFirebase;
  adapter = null;
  identityUser = null;
  setSignOutHandler(async () => {
    identityUser = null;
    await clearSessionCookie();
    await (await identity()).signOut();
  });
  if (!load && !mayHoldSession()) {
    setSignedOut();
    // The page may have been rendered for a session this browser no longer holds.
    void clearSessionCookie();
    return Promise.resolve();
  }
  return identity().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Screens that sign people in call this when they appear, so the SDK is ready by the click:
 * the Google popup must open while the click still counts as the user's gesture.
 */
export function preloadIdentity(): void {
  if (loadAdapter) void identity().catch(() => undefined);
}

/** A 401 on a call with the access token: try once for a new one, else the session is over. */
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

/**
 * What the page's connection reads from the session (the shell's startPage connects it); before
 * startIdentity there is nobody to refresh for, so a 401 stands.
 */
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
