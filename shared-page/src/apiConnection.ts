/**
 * What the API client needs from the session, handed over by it (shared-auth connects it when it
 * loads): where the API is, the access token calls carry, and a way to get a fresh one after a
 * 401. Kept here so every copy of the API client on the page uses the one connection.
 */
export interface ApiConnection {
  /** Base address of the API, without a trailing slash (config.json's apiUrl). */
  baseUrl(): string;
  /** The stored access token, or null. */
  accessToken(): string | null;
  /** A fresh access token (from the identity service and /jwt), or null when the person is no longer signed in. */
  refreshAccessToken(): Promise<string | null>;
}

let connection: ApiConnection | null = null;

export function setApiConnection(next: ApiConnection): void {
  connection = next;
}

export function currentApiConnection(): ApiConnection | null {
  return connection;
}
