import { createContext, useContext, useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import type { Role, SessionViewer } from '@usedcars/shared-contract';
import { sessionRenderedFor } from './sessionCookie';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  role: Role | null;
}

const ACCESS_TOKEN_KEY = 'accessToken';

const signedOut: AuthState = { status: 'signedOut', user: null, role: null };

/** A federation singleton: a second copy would split who is signed in. */
export const authStore = createStore<AuthState>(() => ({ status: 'loading', user: null, role: null }));

/** The render server's, per request: concurrent requests never share the store. */
export const ServerAuthContext = createContext<AuthState | null>(null);

/** Hydration renders the same, then follows the store. */
let renderedWith: AuthState = authStore.getInitialState();

export function authStateOf(viewer: SessionViewer): AuthState {
  return { status: 'signedIn', user: { uid: viewer.uid, email: viewer.email, displayName: viewer.name }, role: viewer.role };
}

export function startRenderedFor(viewer: SessionViewer): void {
  renderedWith = authStateOf(viewer);
  authStore.setState(renderedWith);
  sessionRenderedFor(viewer.uid);
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  const rendered = useContext(ServerAuthContext) ?? renderedWith;
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(rendered),
  );
}

export function setSignedIn(user: AuthUser, role: Role | null = null): void {
  authStore.setState({ status: 'signedIn', user, role });
}

export function setRole(role: Role | null): void {
  authStore.setState({ role });
}

export function setSignedOut(): void {
  clearAccessToken();
  authStore.setState(signedOut);
}

export function getAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveAccessToken(token: string): void {
  globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
}
