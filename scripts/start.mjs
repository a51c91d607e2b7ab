#!/usr/bin/env node
/** `npm start` (production builds) and `npm run dev` (hot reload): the whole site, one command. */
import path from 'node:path';
import { ROOT, defaultPorts, startSite } from './site.mjs';

const dev = process.argv.includes('--dev');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
const password = process.env.DEMO_PASSWORD ?? 'usedcars-demo';

const site = await startSite({ ports: defaultPorts(), dataDir, dev });
console.log(`
  Used Cars is running: ${site.url}
  (${dev ? 'development servers with hot reload' : 'production builds'}; API on port ${defaultPorts().api}; data in ${dataDir})

  Demo accounts (password: ${password}):
    admin@usedcars.test   admin
    seller@usedcars.test  Seller ("Demo Seller")
    buyer@usedcars.test   Buyer

  Press Ctrl-C to stop everything.
`);

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  if (signal === 'SIGHUP') {
    // The terminal is gone: writing to it fails (EIO), which must not cut the stopping short.
    process.stdout.on('error', () => undefined);
  } else {
    console.log('\nstopping…');
  }
  await site.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// A closed terminal: the children run detached (site.mjs), so its hang-up never reaches them;
// the launcher stops them as for Ctrl-C.
process.on('SIGHUP', shutdown);
