export * from './authStore';
export * from './runtimeConfig';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export { startIdentity, preloadIdentity, signIn, signUp, signInWithGoogle, type Registration } from './session';
export type { IdentityAdapter } from './identity/types';
export { ErrorScreen, errorText } from './ErrorScreen';
