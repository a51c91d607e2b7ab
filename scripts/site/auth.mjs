/** The Auth emulator behind its proxy; its accounts persist in dataDir/auth-emulator across restarts. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startAuthEmulatorProxy } from '../auth-emulator-proxy.mjs';
import { LABELS } from '../topology.mjs';
import { StartFailedError } from './supervisor.mjs';

/** @type {typeof import('../auth-emulator.cjs')} */
const { startAuthEmulatorProcess } = createRequire(import.meta.url)('../auth-emulator.cjs');

/**
 * The emulator listens on ports.auth + 3 behind the proxy (auth-emulator-proxy.mjs), which owns
 * ports.auth; hub and logging ports follow the auth port so a test run can sit beside `npm start`.
 * @returns the emulator's part, for the readiness check
 */
export async function startAuth(supervisor, { ports, dataDir, logDir, signal }) {
  const authDir = path.join(dataDir, 'auth-emulator');
  mkdirSync(authDir, { recursive: true });
  const exportDir = path.join(authDir, 'export');
  const logFile = path.join(logDir, 'auth.log');
  let part;
  const emulator = await supervisor
    .guard(
      startAuthEmulatorProcess({
        authPort: ports.auth + 3,
        hubPort: ports.auth + 1,
        loggingPort: ports.auth + 2,
        dir: authDir,
        importDir: exportDir,
        exportDir,
        logFile,
        detached: true,
        timeoutMs: 90_000,
        onSpawn: (child) => {
          // A leftover emulator gets SIGINT and time: it saves its accounts only when it stops cleanly.
          const held = [ports.auth + 1, ports.auth + 2, ports.auth + 3];
          part = supervisor.adopt('auth', child, { logFile, ports: held, stopSignal: 'SIGINT', graceMs: 20_000 });
        },
      }),
    )
    .catch((error) => {
      if (supervisor.failure || signal?.aborted || !part) throw supervisor.failure ?? error;
      const what = String(error.message)
        .split('\n')[0]
        .replace(/^The Auth emulator /, '');
      throw new StartFailedError(LABELS.auth, what, part.log);
    });
  const proxy = await startAuthEmulatorProxy({ port: ports.auth, targetPort: ports.auth + 3 });
  const closeProxy = async () => {
    proxy.close();
    proxy.closeAllConnections();
  };
  emulator.child.once('exit', closeProxy);
  supervisor.onStop(closeProxy);
  return part;
}
