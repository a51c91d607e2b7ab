import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLauncher, stopLauncher } from './stack-launcher';

/**
 * Starts `npm run stack`'s production shape on the suite's ports, as its own process with a data folder of its own,
 * for the whole run; the teardown stops whichever launcher runs it then (a spec may have started another).
 */
export default async function stackSetup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-'));
  process.env.E2E_STACK_DIR = dir;
  // Generous: a start that finds the builds stale rebuilds them first (minutes on a busy machine).
  await startLauncher(dir, { timeoutMs: 20 * 60_000 });
  return async () => {
    await stopLauncher(dir);
    rmSync(dir, { recursive: true, force: true });
  };
}
