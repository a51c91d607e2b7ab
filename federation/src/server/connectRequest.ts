import { AsyncLocalStorage } from 'node:async_hooks';
import { makeConnection, scopeConnections, type Connection, type PageSession, type RemoteRegistry } from '@usedcars/federation';
import type { RuntimeConfig } from '@usedcars/federation/config';

const requests = new AsyncLocalStorage<Connection>();

/** A visitor without a session: calls go without a token, and a 401 stands. */
const signedOut: PageSession = { accessToken: () => null, refreshAccessToken: () => Promise.resolve(null) };

/**
 * Runs one request's rendering connected to its own settings and its own registry (the remotes'
 * builds its release set names, RequestRemotes): concurrent requests never share a connection, and
 * code outside any request stays unconnected.
 */
export function connectRequest<T>(options: { config: RuntimeConfig; session?: PageSession; registry: RemoteRegistry }, work: () => T): T {
  scopeConnections(() => requests.getStore());
  return requests.run(makeConnection({ config: options.config, session: options.session ?? signedOut, registry: options.registry }), work);
}
