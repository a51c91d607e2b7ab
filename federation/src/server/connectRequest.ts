import { AsyncLocalStorage } from 'node:async_hooks';
import { makeConnection, scopeConnections, type Connection, type PageSession } from '@usedcars/federation';
import type { RuntimeConfig } from '@usedcars/federation/config';

const requests = new AsyncLocalStorage<Connection>();

/** A visitor without a session: calls go without a token, and a 401 stands. */
const signedOut: PageSession = { accessToken: () => null, refreshAccessToken: () => Promise.resolve(null) };

/** One request's rendering, connected to its own settings: concurrent requests never share a connection. */
export function connectRequest<T>(options: { config: RuntimeConfig; session?: PageSession }, work: () => T): T {
  scopeConnections(() => requests.getStore());
  return requests.run(makeConnection({ config: options.config, session: options.session ?? signedOut }), work);
}
