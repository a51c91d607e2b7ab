/**
 * What the API client needs from the session, handed over by it (shared-auth connects it when it
 * loads): where the API is, the access token calls carry, and a way to get a fresh one after a
 * 401. The client stays below the session this way: shared-auth calls the API, never the reverse.
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

/**
 * One refresh at a time: a page firing several calls with an expired token gets several 401s,
 * and each would otherwise ask /jwt (and the identity service) for a token of its own.
 */
function oneAtATime(refresh: () => Promise<string | null>): () => Promise<string | null> {
  let pending: Promise<string | null> | null = null;
  return () =>
    (pending ??= refresh().finally(() => {
      pending = null;
    }));
}

export function connectApi(session: ApiConnection): void {
  connection = { ...session, refreshAccessToken: oneAtATime(session.refreshAccessToken) };
}

export function apiConnection(): ApiConnection {
  if (!connection) throw new Error('shared-api: not connected (shared-auth connects it)');
  return connection;
}

/** Absolute address of an API path; pictures the API serves come as paths too. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiConnection().baseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
}
