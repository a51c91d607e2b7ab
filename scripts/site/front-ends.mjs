/** The shell and the remotes: webpack dev servers with --dev, else production builds. */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '../serve-static.mjs';
import { FRONT_ENDS, frontEndOrigins } from '../topology.mjs';
import { buildMissing } from './build.mjs';

const BIN = (root) => path.join(root, 'node_modules', '.bin');

/** Dev servers for every front end; each responds once it has compiled (slow on a first run). */
function startDevServers(supervisor, { root, ports, siteDir }) {
  return FRONT_ENDS.map((fe) => {
    const server = supervisor.startChild(fe.name, path.join(BIN(root), 'webpack'), ['serve', '--mode', 'development'], {
      cwd: path.join(root, fe.dir),
      ports: [ports[fe.name]],
      // The shell's dev server serves remotes.json and config.json from siteDir, so moved ports
      // reach the page as they do with `npm start`.
      env: { [fe.portVar]: String(ports[fe.name]), ...(fe.name === 'shell' ? { SHELL_RUNTIME_DIR: siteDir } : {}) },
    });
    const url = `http://127.0.0.1:${ports[fe.name]}/${fe.name === 'shell' ? '' : 'mf-manifest.json'}`;
    return [fe.name, url, 300_000, server];
  });
}

/**
 * The baseline set's files: each remote's build as it was when the site started, copied under the
 * data folder, so `npm run release` rebuilding dist/ changes only what its canary's share gets
 * (docs/releases.md, "The baseline set under npm start").
 */
export function baselineSetCopy(root, siteDir, fe) {
  const copy = path.join(siteDir, 'baseline-set', fe.name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(root, fe.dir, 'dist'), copy, { recursive: true });
  return copy;
}

/** The remotes as their teams publish them (static files on their own origins) and the render server. */
async function startBuilt(supervisor, { root, ports, siteDir, quiet, renderEnv }) {
  // A part that stops meanwhile (the API refusing its settings) ends the build at once, not minutes later.
  await supervisor.guard(buildMissing(undefined, undefined, { signal: supervisor.failed }));
  const checks = [];
  for (const fe of FRONT_ENDS.filter((f) => f.name !== 'shell')) {
    const server = await serveStatic({ dir: baselineSetCopy(root, siteDir, fe), port: ports[fe.name], origins: frontEndOrigins(ports) });
    supervisor.onStop(() => new Promise((resolve) => server.close(() => resolve())));
    if (server.closeAllConnections) supervisor.onStop(async () => server.closeAllConnections());
    checks.push([fe.name, `http://127.0.0.1:${ports[fe.name]}/mf-manifest.json`, 30_000]);
  }
  const render = supervisor.startChild('shell', process.execPath, [path.join(root, 'shell', 'dist-server', 'main.js')], {
    cwd: root,
    ports: [ports.shell],
    env: {
      PORT: String(ports.shell),
      HOST: '127.0.0.1',
      SHELL_DIST: path.join(root, 'shell', 'dist'),
      SHELL_RUNTIME_DIR: siteDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? (quiet ? 'warn' : 'info'),
      ...renderEnv,
    },
  });
  checks.push(['shell', `http://127.0.0.1:${ports.shell}/healthz`, 90_000, render]);
  return checks;
}

/** Starts the front ends; returns what must respond before the site is called running. */
export function startFrontEnds(supervisor, options) {
  return options.dev ? startDevServers(supervisor, options) : startBuilt(supervisor, options);
}
