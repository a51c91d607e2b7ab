import { currentApiConnection, setApiConnection, type ApiConnection } from '@usedcars/shared-page';

export type { ApiConnection };

// The connection lives in the singleton @usedcars/shared-page: this package is shared by version,
// and a remote's own copy of it must use the session's connection (docs/sharing-and-releases.md).

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
  setApiConnection({ ...session, refreshAccessToken: oneAtATime(session.refreshAccessToken) });
}

export function apiConnection(): ApiConnection {
  const connection = currentApiConnection();
  if (!connection) throw new Error('shared-api: not connected (shared-auth connects it)');
  return connection;
}

/** Absolute address of an API path; pictures the API serves come as paths too. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiConnection().baseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
}
