import { AsyncLocalStorage } from 'node:async_hooks';
import { makeConnection, scopeConnections, type Connection, type PageSession, type RemoteRegistry } from '@usedcars/federation';
import type { RuntimeConfig } from '@usedcars/federation/config';

const requests = new AsyncLocalStorage<Connection>();

const signedOut: PageSession = { accessToken: () => null, refreshAccessToken: () => Promise.resolve(null) };

/** Concurrent requests never share a connection; code outside any request stays unconnected. */
export function connectRequest<T>(options: { config: RuntimeConfig; session?: PageSession; registry: RemoteRegistry }, work: () => T): T {
  scopeConnections(() => requests.getStore());
  return requests.run(makeConnection({ config: options.config, session: options.session ?? signedOut, registry: options.registry }), work);
}
