export * from './authStore';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export { pageSession, startIdentity, preloadIdentity, signIn, signUp, signInWithGoogle, type Registration } from './session';
export type { IdentityAdapter } from './identity/types';
export { ErrorScreen, errorText } from './ErrorScreen';
