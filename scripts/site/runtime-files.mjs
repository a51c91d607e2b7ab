import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remoteManifests } from '../topology.mjs';

/**
 * The shell's deploy-time files for this run, written under the data folder (not into
 * shell/dist, so two sites, say `npm start` and the browser tests, never overwrite each
 * other's). They are read on every request: editing remotes.json re-points the shell at once.
 */
export function writeRuntimeFiles(siteDir, { ports, publicHost, stripe = false, addresses }) {
  mkdirSync(siteDir, { recursive: true });
  const origin = (port) => `http://${publicHost}:${port}`;
  const write = (file, value) => writeFileSync(path.join(siteDir, file), JSON.stringify(value, null, 2));
  // Each remote on an origin of its own, unless the caller puts them elsewhere (the stack: folders of one files host).
  write('remotes.json', remoteManifests(addresses?.remote ?? ((name) => origin(ports[name]))));
  write('config.json', {
    apiUrl: addresses?.api ?? origin(ports.api),
    firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
    authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
    // The render server allows Stripe's scripts and frames in the pages' security policy only then.
    ...(stripe ? { payments: 'stripe' } : {}),
  });
}
