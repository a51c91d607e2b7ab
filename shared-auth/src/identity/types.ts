import type { AuthUser } from '../authStore';

/**
 * What the site needs from an identity service. Firebase implements it (firebaseIdentity.ts);
 * tests give a double. Keeping the SDK behind this keeps it out of the first page load.
 */
export interface IdentityAdapter {
  /** Calls back with the signed-in person, or null, now and on every change. */
  onChange(listener: (user: AuthUser | null) => void): () => void;
  /** Calls back with each new ID token (a sign-in, the hourly refresh), or null on sign-out. */
  onTokenChange?(listener: (token: { idToken: string; uid: string } | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string, displayName: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  signOut(): Promise<void>;
  /**
   * Deletes the signed-in account (and so signs it out). Only to undo a sign-up whose API half
   * failed: the account is seconds old, so the service asks for no fresh login.
   */
  deleteAccount(): Promise<void>;
  /** A fresh identity token for the signed-in person (the API verifies it). */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}
