import type { AuthUser } from '../authStore';

/** Keeping the SDK behind this keeps it out of the first page load. */
export interface IdentityAdapter {
  /** Now and on every change. */
  onChange(listener: (user: AuthUser | null) => void): () => void;
  onTokenChange?(listener: (token: { idToken: string; uid: string } | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string, displayName: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Only to undo a fresh sign-up: seconds old, the service asks for no fresh login. */
  deleteAccount(): Promise<void>;
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}
