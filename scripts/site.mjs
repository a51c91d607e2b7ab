/**
 * Starts the whole site: the Firebase Auth emulator, the API, and the shell and three remotes
 * (production builds behind the static server, or webpack dev servers with --dev).
 * Used by `npm start`, `npm run dev` and the browser suite, so all three run the same thing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, promises as fs, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './serve-static.mjs';
import { startAuthEmulatorProxy } from './auth-emulator-proxy.mjs';

/** @type {typeof import('./auth-emulator.cjs')} */
const { startAuthEmulatorProcess } = createRequire(import.meta.url)('./auth-emulator.cjs');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

export const FRONT_ENDS = [
  { name: 'shell', dir: 'shell', portVar: 'SHELL_PORT', port: 3000 },
  { name: 'catalog', dir: 'mf-catalog', portVar: 'CATALOG_PORT', port: 3001 },
  { name: 'dashboard', dir: 'mf-dashboard', portVar: 'DASHBOARD_PORT', port: 3002 },
  { name: 'checkout', dir: 'mf-checkout', portVar: 'CHECKOUT_PORT', port: 3003 },
];

export function defaultPorts(env = process.env) {
  const ports = Object.fromEntries(FRONT_ENDS.map((f) => [f.name, Number(env[f.portVar] ?? f.port)]));
  return { ...ports, api: Number(env.API_PORT ?? 5000), auth: Number(env.AUTH_EMULATOR_PORT ?? 9099) };
}

/** Newest modification time under a folder (sources), skipping build output. */
async function newest(dir) {
  let latest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? await newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** What a production build of each front end must have produced: both halves (browser and server). */
function builtFiles(fe) {
  const dir = path.join(ROOT, fe.dir);
  return [
    path.join(dir, 'dist', 'mf-manifest.json'),
    fe.name === 'shell' ? path.join(dir, 'dist-server', 'main.js') : path.join(dir, 'dist', 'server', 'remoteEntry.js'),
  ];
}

/** Builds each front end whose build is missing or older than its sources or the shared packages. */
export async function buildMissing(log = console.log) {
  const shared = Math.max(
    ...(await Promise.all(['shared-auth', 'shared-ui', 'shared-contract', 'tooling'].map((d) => newest(path.join(ROOT, d))))),
  );
  for (const fe of FRONT_ENDS) {
    const built = Math.min(...builtFiles(fe).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
    if (built > Math.max(shared, await newest(path.join(ROOT, fe.dir)))) continue;
    log(`building ${fe.dir}…`);
    const result = spawnSync(path.join(BIN, 'webpack'), ['--mode', 'production'], {
      cwd: path.join(ROOT, fe.dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`building ${fe.dir} failed`);
  }
}

function waitForHttp(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (child && child.exitCode !== null) return reject(new Error(`${url}: process exited with ${child.exitCode}`));
      try {
        const res = await fetch(url);
        if (res.ok) return resolve();
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error(`${url} did not answer within ${timeoutMs} ms`));
      setTimeout(attempt, 250);
    };
    void attempt();
  });
}

function startProcess(command, args, { cwd = ROOT, env, name, quiet }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in the terminal reaches only the launcher, which then stops
    // each child once. A second SIGINT makes firebase-tools quit without exporting its accounts.
    detached: true,
  });
  const prefix = (stream) =>
    stream?.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    });
  if (!quiet) prefix(child.stdout);
  prefix(child.stderr);
  return child;
}

/** The Firebase Auth emulator; accounts persist in dataDir/auth across restarts. */
async function startAuthEmulator({ port, dataDir, quiet }) {
  const dir = path.join(dataDir, 'auth-emulator');
  mkdirSync(dir, { recursive: true });
  const exportDir = path.join(dir, 'export');
  // The emulator itself sits behind the proxy (auth-emulator-proxy.mjs), which owns `port`. Hub
  // and logging ports follow the auth port so a test run can sit beside `npm start`.
  const emulator = await startAuthEmulatorProcess({
    authPort: port + 3,
    hubPort: port + 1,
    loggingPort: port + 2,
    dir,
    importDir: exportDir,
    exportDir,
    quiet,
    name: 'auth',
    // Its own process group, as startProcess's children (see there).
    detached: true,
  });
  const proxy = await startAuthEmulatorProxy({ port, targetPort: port + 3 }).catch(async (error) => {
    await emulator.stop();
    throw error;
  });
  emulator.child.once('exit', () => {
    proxy.close();
    proxy.closeAllConnections();
  });
  return emulator.child;
}

/**
 * The shell's deploy-time files for this run, written under the data folder (not into
 * shell/dist, so two sites, say `npm start` and the browser tests, never overwrite each
 * other's). They are read on every request: editing remotes.json re-points the shell at once.
 */
export function writeRuntimeFiles(siteDir, { ports, publicHost, stripe = false }) {
  mkdirSync(siteDir, { recursive: true });
  const origin = (port) => `http://${publicHost}:${port}`;
  writeFileSync(
    path.join(siteDir, 'remotes.json'),
    JSON.stringify(
      {
        catalog: `${origin(ports.catalog)}/mf-manifest.json`,
        dashboard: `${origin(ports.dashboard)}/mf-manifest.json`,
        checkout: `${origin(ports.checkout)}/mf-manifest.json`,
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(siteDir, 'config.json'),
    JSON.stringify(
      {
        apiUrl: origin(ports.api),
        firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
        authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
        // The render server allows Stripe's scripts and frames in the pages' security policy only then.
        ...(stripe ? { payments: 'stripe' } : {}),
      },
      null,
      2,
    ),
  );
}

/**
 * @param {object} o
 * @param {ReturnType<typeof defaultPorts>} o.ports
 * @param {string} o.dataDir     where the embedded database and emulator accounts live
 * @param {boolean} [o.dev]      webpack dev servers instead of production builds
 * @param {boolean} [o.quiet]    keep child processes' stdout out of the terminal
 * @param {string} [o.publicHost]
 * @param {Record<string,string>} [o.apiEnv]
 * @param {Record<string,string>} [o.renderEnv] the render server's settings (SSR_BUDGET_MS, …)
 */
export async function startSite(o) {
  const { ports, dataDir, dev = false, quiet = false, publicHost = 'localhost' } = o;
  const stops = [];
  /** Every child spawned, for leftovers when the launcher exits without stopping them. */
  const children = [];
  // The children run detached (their own session and process group), so nothing reaches them if
  // the launcher ends some other way than stop(): an uncaught error, a process.exit elsewhere.
  // 'exit' allows only synchronous work: each group still alive is killed outright. (A
  // SIGKILLed launcher runs no code at all; nothing can be done for that one.)
  const killLeftovers = () => {
    for (const child of children) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', killLeftovers);
  const stop = async () => {
    for (const s of stops.reverse()) await s();
    process.off('exit', killLeftovers);
  };
  const killOnStop = (child) => {
    children.push(child);
    stops.push(
      () =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGINT');
          setTimeout(() => child.kill('SIGKILL'), 8000).unref();
        }),
    );
  };
  try {
    mkdirSync(dataDir, { recursive: true });
    const auth = await startAuthEmulator({ port: ports.auth, dataDir, quiet });
    killOnStop(auth);

    const origins = ['shell', 'catalog', 'dashboard', 'checkout'].flatMap((n) => [
      `http://localhost:${ports[n]}`,
      `http://127.0.0.1:${ports[n]}`,
    ]);
    const api = startProcess(path.join(BIN, 'tsx'), ['src/server.ts'], {
      cwd: path.join(ROOT, 'api'),
      name: 'api',
      quiet,
      env: {
        PORT: String(ports.api),
        DATA_DIR: dataDir,
        CORS_ORIGINS: origins.join(','),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
        FIREBASE_PROJECT_ID: 'demo-usedcars',
        ...o.apiEnv,
      },
    });
    killOnStop(api);

    const siteDir = path.join(dataDir, 'site');
    const apiEnv = { ...process.env, ...o.apiEnv };
    writeRuntimeFiles(siteDir, { ports, publicHost, stripe: Boolean(apiEnv.STRIPE_SECRET_KEY && apiEnv.STRIPE_PUBLISHABLE_KEY) });
    if (dev) {
      const servers = FRONT_ENDS.map((fe) => {
        const child = startProcess(path.join(BIN, 'webpack'), ['serve', '--mode', 'development'], {
          cwd: path.join(ROOT, fe.dir),
          name: fe.name,
          quiet,
          // The shell's dev server answers remotes.json and config.json from siteDir, so moved
          // ports (CATALOG_PORT, API_PORT, …) reach the page as they do with `npm start`.
          env: { [fe.portVar]: String(ports[fe.name]), ...(fe.name === 'shell' ? { SHELL_RUNTIME_DIR: siteDir } : {}) },
        });
        killOnStop(child);
        return { child, url: `http://127.0.0.1:${ports[fe.name]}/${fe.name === 'shell' ? '' : 'mf-manifest.json'}` };
      });
      // The URL is printed once every dev server has compiled and answers.
      await Promise.all(servers.map(({ child, url }) => waitForHttp(url, 300_000, child)));
    } else {
      await buildMissing();
      // The remotes as their teams publish them: static files on their own origins.
      for (const fe of FRONT_ENDS.filter((f) => f.name !== 'shell')) {
        const server = await serveStatic({ dir: path.join(ROOT, fe.dir, 'dist'), port: ports[fe.name] });
        stops.push(() => new Promise((resolve) => server.close(() => resolve())));
        server.closeAllConnections && stops.push(async () => server.closeAllConnections());
      }
      // The shell: its render server, which draws each page and serves the shell's files.
      const render = startProcess(process.execPath, [path.join(ROOT, 'shell', 'dist-server', 'main.js')], {
        name: 'shell',
        quiet,
        env: {
          PORT: String(ports.shell),
          HOST: '127.0.0.1',
          SHELL_DIST: path.join(ROOT, 'shell', 'dist'),
          SHELL_RUNTIME_DIR: siteDir,
          LOG_LEVEL: process.env.LOG_LEVEL ?? (quiet ? 'warn' : 'info'),
          ...o.renderEnv,
        },
      });
      killOnStop(render);
      await waitForHttp(`http://127.0.0.1:${ports.shell}/healthz`, 60_000, render);
    }
    await waitForHttp(`http://127.0.0.1:${ports.api}/health`, 90_000, api);
    return { stop, url: `http://${publicHost}:${ports.shell}`, siteDir };
  } catch (error) {
    await stop();
    throw error;
  }
}
