#!/usr/bin/env node
// docs/operate-launcher.md.
import path from 'node:path';
import { AlreadyRunningError, PortsInUseError, ROOT, StartFailedError, defaultPorts, startSite } from './site.mjs';
import { stopOnSignals } from './processes.mjs';
import { PORT_SETTINGS } from './topology.mjs';

const dev = process.argv.includes('--dev');
// Relative to the repository root, as the API takes it (api/src/config.ts).
const dataDir = path.resolve(ROOT, process.env.DATA_DIR || '.data');
const password = process.env.DEMO_PASSWORD ?? 'usedcars-demo';
const ports = defaultPorts();

// A signal before startSite returns aborts it: it stops what it started and rejects; the catch below exits.
const startUp = new AbortController();
let site = null;
stopOnSignals(startUp, () => site);

function shortPath(dir) {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
}

try {
  site = await startSite({ ports, dataDir, dev, signal: startUp.signal });
} catch (error) {
  if (startUp.signal.aborted) {
    console.log('stopped before the site was running.');
    process.exit(130);
  }
  if (error instanceof PortsInUseError) {
    const settings = [...new Set(error.busy.map((b) => PORT_SETTINGS[b.part]))];
    console.error(`${error.message}\n  Stop that program, or run on other ports: ${settings.map((s) => `${s}=…`).join(' ')} npm start`);
  } else if (error instanceof AlreadyRunningError || error instanceof StartFailedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}

console.log(`
  Used Cars is running: ${site.url}
  (${dev ? 'development servers with hot reload' : 'production builds'}; API on port ${ports.api}; data in ${dataDir})

  Demo accounts (password: ${password}):
    admin@usedcars.test   admin
    seller@usedcars.test  Seller ("Demo Seller")
    buyer@usedcars.test   Buyer

  Each part's output is also in ${shortPath(site.logDir)}
  Press Ctrl-C to stop everything.
`);
