/** The stack's own servers: two API instances, two render servers (each with its workers), the remotes' files. */
import path from 'node:path';
import { serveStatic } from '../serve-static.mjs';
import { baselineSetCopy } from '../site/front-ends.mjs';
import { FRONT_ENDS } from '../topology.mjs';

/**
 * One API instance on the shared database and bucket (docs/operate-scale-out.md): every instance gets the same settings but
 * its port. `shared` holds what they share (the database, the store, the secrets, the public addresses). Node runs
 * the TypeScript itself with tsx's loader, with no wrapper process: the pid the stack prints is the server's.
 */
export function startApiInstance(supervisor, { root, name, port, dataDir, shared }) {
  return supervisor.startChild(name, process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    ports: [port],
    // A data folder of its own: nothing in it is shared (the database and the files are elsewhere).
    env: { ...shared, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, name) },
  });
}

/** One render server: its primary and RENDER_WORKERS workers, purging the cache in front on every change. */
export function startRenderServer(supervisor, { root, name, port, siteDir, env }) {
  return supervisor.startChild(name, process.execPath, [path.join(root, 'shell', 'dist-server', 'main.js')], {
    cwd: root,
    ports: [port],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SHELL_DIST: path.join(root, 'shell', 'dist'),
      SHELL_RUNTIME_DIR: siteDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
  });
}

/**
 * The remotes' baseline-set builds, each in a folder named for it on one origin (as on a CDN's host), served from the
 * launcher's own process. Any page may read them (the cache in front says so too).
 */
export async function startRemoteFiles(supervisor, { root, siteDir, port }) {
  for (const fe of FRONT_ENDS.filter((f) => f.name !== 'shell')) baselineSetCopy(root, siteDir, fe);
  const server = await serveStatic({ dir: path.join(siteDir, 'baseline-set'), port });
  supervisor.onStop(() => new Promise((resolve) => server.close(() => resolve())));
  supervisor.onStop(async () => server.closeAllConnections());
  return server;
}
