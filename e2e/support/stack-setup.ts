import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STACK_PORTS } from './site';

/** Where the running stack's parts are listed for the specs (name, address, pid), as `npm run stack` prints them. */
export const STACK_PARTS_FILE = 'stack-parts.json';

/** Starts `npm run stack`'s production shape on the suite's ports, with a data folder of its own, for the whole run. */
export default async function stackSetup() {
  const { startStack, stackPorts } = (await import(path.join(__dirname, '..', '..', 'scripts', 'stack.mjs'))) as typeof import('../../scripts/stack.mjs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-'));
  const ports = stackPorts({ STACK_PORT: String(STACK_PORTS.door), STACK_PARTS_PORT: String(STACK_PORTS.parts) });
  const stack = await startStack({
    ports,
    dataDir,
    quiet: !process.env.E2E_VERBOSE,
    // The crowd writes from one address, faster than a person: no hourly write limit in the way (docs/api-limits.md).
    apiEnv: { WRITE_LIMIT_LISTINGS: '0', WRITE_LIMIT_BOOKINGS: '0', WRITE_LIMIT_REGISTRATIONS: '0', WRITE_LIMIT_EDITS: '0', WRITE_LIMIT_PHOTOS: '0' },
  });
  writeFileSync(path.join(dataDir, STACK_PARTS_FILE), JSON.stringify({ parts: stack.parts, ports, siteDir: stack.siteDir }));
  process.env.E2E_STACK_DIR = dataDir;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
