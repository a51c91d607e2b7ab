export * from './authStore';
export * from './runtimeConfig';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export { renderStandalone } from './standalone';
export { startIdentity, signIn, signUp, signInWithGoogle, type Registration } from './session';
export { describeAuthError } from './identity/errors';
export type { IdentityAdapter } from './identity/types';
export { ApiError, ApiUnreachableError, request, requestWithHeaders, type RequestOptions, type ApiResponse } from './api/client';
export * from './api/users';
