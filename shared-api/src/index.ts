// The entry is shared by every page (the session signs in through it), so it holds the client and
// the account calls; the endpoints only some screens call are subpath modules (`/cars`,
// `/bookings`, `/payments`, `/photos`), bundled by the packages that import them.
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
