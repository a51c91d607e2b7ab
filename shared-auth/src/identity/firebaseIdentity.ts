import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { AuthUser } from '../authStore';
import type { RuntimeConfig } from '@usedcars/federation/config';
import type { IdentityAdapter } from './types';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

/**
 * Against the emulator, Google sign-in needs Google's `gapi` script, which lives on the internet;
 * our emulator proxy serves an offline fake (scripts/offline-google). Loading it first makes
 * the SDK use it instead of fetching apis.google.com. Never done for a real project.
 */
export function loadOfflineGoogle(emulatorUrl: string): Promise<void> {
  const w = window as unknown as { gapi?: { iframes?: unknown } };
  if (w.gapi?.iframes) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${emulatorUrl.replace(/\/$/, '')}/__usedcars/gapi.js`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The Auth emulator proxy did not serve the offline gapi fake'));
    document.head.appendChild(script);
  });
}

/** Firebase Auth (its emulator when the runtime config names one, a real project otherwise). */
export function createFirebaseIdentity(config: RuntimeConfig, app?: FirebaseApp): IdentityAdapter {
  // localStorage persistence (not the default IndexedDB) lets session.ts see, without loading
  // this SDK, whether a visitor may be signed in at all.
  const auth = initializeAuth(app ?? initializeApp(config.firebase), {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  return {
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    onTokenChange: (listener) =>
      onIdTokenChanged(auth, (user) => {
        if (!user) return listener(null);
        user.getIdToken().then(
          (idToken) => listener({ idToken, uid: user.uid }),
          () => undefined,
        );
      }),
    async signIn(email, password) {
      return toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user);
    },
    async signUp(email, password, displayName) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName });
      // The token minted before updateProfile lacks the name; the API reads it from a fresh one.
      await user.getIdToken(true);
      return toAuthUser(user);
    },
    async signInWithGoogle() {
      return toAuthUser((await signInWithPopup(auth, new GoogleAuthProvider())).user);
    },
    signOut: () => signOut(auth),
    async deleteAccount() {
      if (auth.currentUser) await deleteUser(auth.currentUser);
    },
    async getIdToken(forceRefresh = false) {
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
  };
}
