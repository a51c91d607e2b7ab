import type { RuntimeConfig } from '../config/runtimeConfig';
import type { RemoteRegistry } from './remoteRegistry';

export interface PageSession {
  accessToken(): string | null;
  refreshAccessToken(): Promise<string | null>;
  /** On the render server, the visitor's session cookie (docs/architecture.md, "The session cookie"). */
  readCredential?(): string | null;
}

export interface ApiConnection extends PageSession {
  /** Without a trailing slash. */
  baseUrl(): string;
}

export interface Connection {
  config: RuntimeConfig;
  api: ApiConnection;
  registry: RemoteRegistry;
}

export interface ConnectOptions {
  config: RuntimeConfig;
  session: PageSession;
  registry: RemoteRegistry;
}

/** Several calls failing with an expired token share one new token. */
function oneAtATime(refresh: () => Promise<string | null>): () => Promise<string | null> {
  let pending: Promise<string | null> | null = null;
  return () =>
    (pending ??= refresh().finally(() => {
      pending = null;
    }));
}

export function makeConnection({ config, session, registry }: ConnectOptions): Connection {
  return {
    config,
    registry,
    api: {
      baseUrl: () => config.apiUrl,
      accessToken: () => session.accessToken(),
      refreshAccessToken: oneAtATime(() => session.refreshAccessToken()),
      readCredential: () => session.readCredential?.() ?? null,
    },
  };
}

// The page's connection, and on the render server the lookup of the request's own (server/connectRequest.ts).
let pageConnection: Connection | null = null;
let requestConnection: () => Connection | undefined = () => undefined;

export function connect(options: ConnectOptions): Connection {
  pageConnection = makeConnection(options);
  return pageConnection;
}

/** The render server's: each request's connection comes before the page's. */
export function scopeConnections(lookup: () => Connection | undefined): void {
  requestConnection = lookup;
}

export function connection(): Connection {
  const current = requestConnection() ?? pageConnection;
  if (!current) {
    throw new Error(
      '@usedcars/federation: not connected. Call connect({ config, session, registry }) before rendering (the shell does in startPage, a remote’s standalone page in renderStandalone, the render server per request with connectRequest).',
    );
  }
  return current;
}
