export * from './authStore';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export { logOut, pageSession, startIdentity, preloadIdentity, signIn, signInWithGoogle } from './session';
export { signUp, type Registration } from './signUp';
export type { IdentityAdapter } from './identity/types';
export { ErrorScreen } from './ErrorScreen';
