// Every page shares the entry (the session signs in through it); other endpoints are subpath modules.
export { apiUrl, type ApiConnection } from './connection';
export {
  ApiError,
  ApiUnreachableError,
  request,
  requestWithHeaders,
  storedAccessToken,
  refreshedAccessToken,
  type RequestOptions,
  type ApiResponse,
} from './client';
export * from './users';
