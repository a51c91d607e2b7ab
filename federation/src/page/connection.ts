import type { RuntimeConfig } from '../config/runtimeConfig';
import type { RemoteRegistry } from './remoteRegistry';

/** What the signed-in session gives the API client: the access token calls carry, and a fresh one after a 401. */
export interface PageSession {
  accessToken(): string | null;
  /** A fresh access token, or null when the person is no longer signed in. */
  refreshAccessToken(): Promise<string | null>;
  /**
   * The Authorization header of reads made without an access token: on the render server, the
   * visitor's session cookie ("Session <cookie>", docs/architecture.md, "The session cookie").
   */
  readCredential?(): string | null;
}

/** What the API client reads on every call (shared-api/src/connection.ts). */
export interface ApiConnection extends PageSession {
  /** Base address of the API, without a trailing slash (config.json's apiUrl). */
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
  /** Where the remotes' modules come from: the page's remotes.json, a request's release set, the runtime's own remotes (`/runtime`). */
  registry: RemoteRegistry;
}

/** One refresh at a time: several calls failing with an expired token share one new token. */
function oneAtATime(refresh: () => Promise<string | null>): () => Promise<string | null> {
  let pending: Promise<string | null> | null = null;
  return () =>
    (pending ??= refresh().finally(() => {
      pending = null;
    }));
}

/** A connection for these settings and this session, not yet in use anywhere. */
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

/** Connects the page: the shell's startPage and the standalone harness call this once, before rendering. */
export function connect(options: ConnectOptions): Connection {
  pageConnection = makeConnection(options);
  return pageConnection;
}

/** For the render server: each request's connection comes from this lookup, before the page's. */
export function scopeConnections(lookup: () => Connection | undefined): void {
  requestConnection = lookup;
}

/** The connection of this page (or of this request, on the server). */
export function connection(): Connection {
  const current = requestConnection() ?? pageConnection;
  if (!current) {
    throw new Error(
      '@usedcars/federation: not connected. Call connect({ config, session, registry }) before rendering (the shell does in startPage, a remote’s standalone page in renderStandalone, the render server per request with connectRequest).',
    );
  }
  return current;
}
