import { getAccessToken } from './authStore';

/**
 * Whether this browser may hold a session: Firebase keeps a signed-in user in localStorage
 * (see firebaseIdentity.ts), and our access token sits beside it. A first-time visitor has
 * neither, so the identity SDK (the heaviest piece of the site) is not fetched for them.
 */
export function mayHoldSession(): boolean {
  try {
    if (getAccessToken()) return true;
    for (let i = 0; i < localStorage.length; i += 1) {
      if (localStorage.key(i)?.startsWith('firebase:authUser:')) return true;
    }
    return false;
  } catch {
    return true; // storage unavailable: ask the SDK
  }
}
