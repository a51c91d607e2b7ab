/**
 * Starts the whole site: the Firebase Auth emulator, the API, and the shell and three remotes
 * (production builds behind the static server, or webpack dev servers with --dev).
 * Used by `npm start`, `npm run dev` and the browser suite, so all three run the same thing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, promises as fs, readSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './serve-static.mjs';
import { startAuthEmulatorProxy } from './auth-emulator-proxy.mjs';
import { groupMembers, signalGroup } from './processes.mjs';
import { checkPorts, createRunRecord, stopLeftovers } from './run-record.mjs';

export { AlreadyRunningError, PortsInUseError } from './run-record.mjs';

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
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
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
    ...(await Promise.all(['shared-api', 'shared-auth', 'shared-ui', 'shared-contract', 'tooling'].map((d) => newest(path.join(ROOT, d))))),
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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once url answers 2xx; false when timeoutMs passes or cancelled() says to give up. */
async function answers(url, timeoutMs, cancelled) {
  const deadline = Date.now() + timeoutMs;
  while (!cancelled()) {
    try {
      // Bounded: a half-started server that accepts and never answers must not hang the start.
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await res.body?.cancel();
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return false;
}

/** How many of a part's last lines a start-up failure quotes. */
const QUOTED_LINES = 25;

/**
 * Follows a part's log file: echoes new lines with the part's name (unless quiet) and keeps the
 * last ones for failure messages. The children write to files, not pipes, so that a launcher
 * killed outright leaves them able to write (a pipe without a reader kills a writer with EPIPE,
 * which for the Auth emulator means quitting without exporting its accounts).
 */
function followLog(file, { name, echo }) {
  const decoder = new StringDecoder('utf8');
  const last = [];
  const buffer = Buffer.alloc(64 * 1024);
  let fd = null;
  let position = 0;
  let partial = '';
  let closed = false;
  const emit = (raw) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) return;
    last.push(line);
    if (last.length > QUOTED_LINES) last.shift();
    if (echo) process.stdout.write(`[${name}] ${line}\n`);
  };
  const drain = () => {
    if (closed) return;
    try {
      fd ??= openSync(file, 'r');
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, position)) > 0;) {
        position += n;
        const lines = (partial + decoder.write(buffer.subarray(0, n))).split('\n');
        partial = lines.pop() ?? '';
        lines.forEach(emit);
      }
    } catch {
      // not created yet, or removed with its data folder
    }
  };
  const timer = setInterval(drain, 200);
  timer.unref();
  return {
    file,
    lastLines() {
      drain();
      return partial.trim() ? [...last, partial] : [...last];
    },
    close() {
      clearInterval(timer);
      drain();
      if (partial) emit(partial);
      partial = '';
      if (fd !== null) closeSync(fd);
      fd = null;
      closed = true;
    },
  };
}

/** A part that died or did not answer during start-up: its name, what happened, its last lines. */
export class StartFailedError extends Error {
  constructor(label, what, log) {
    const lines = log?.lastLines() ?? [];
    const quoted = lines.length ? `\n  Its last lines (${log.file}):\n${lines.map((l) => `    ${l}`).join('\n')}` : '';
    super(`Cannot start: the ${label} ${what}.${quoted}`);
    this.name = 'StartFailedError';
  }
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

/** What the parts are called in messages. */
const LABELS = {
  auth: 'Auth emulator',
  api: 'API',
  shell: 'shell',
  catalog: 'catalog remote',
  dashboard: 'dashboard remote',
  checkout: 'checkout remote',
};

/**
 * @param {object} o
 * @param {ReturnType<typeof defaultPorts>} o.ports
 * @param {string} o.dataDir     where the embedded database and emulator accounts live
 * @param {boolean} [o.dev]      webpack dev servers instead of production builds
 * @param {boolean} [o.quiet]    keep the parts' output out of the terminal (failures still quote it)
 * @param {string} [o.publicHost]
 * @param {Record<string,string>} [o.apiEnv]
 * @param {Record<string,string>} [o.renderEnv] the render server's settings (SSR_BUDGET_MS, …)
 * @param {AbortSignal} [o.signal] stops the start-up (and what it started) when aborted
 * @param {(line: string) => void} [o.log] where the launcher's own lines go
 */
export async function startSite(o) {
  const { ports, dataDir, dev = false, quiet = false, publicHost = 'localhost', signal } = o;
  const log = o.log ?? ((line) => console.log(line));
  const siteDir = path.join(dataDir, 'site');
  const logDir = path.join(siteDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  // An earlier run killed outright left its children running: they hold the ports and the
  // database. They are stopped before the ports are judged, so only strangers are reported.
  await stopLeftovers(siteDir, { log, checkout: ROOT });
  signal?.throwIfAborted();
  // Every port before anything starts: a half-started site that prints "running" while its API
  // cannot bind is worse than no site.
  await checkPorts(ports);
  const record = createRunRecord(siteDir, { checkout: ROOT, dataDir, ports });

  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  /** @type {{ name: string, child: import('node:child_process').ChildProcess, log: ReturnType<typeof followLog> }[]} */
  const parts = [];
  let phase = 'starting'; // then 'running', then 'stopping'
  /** The first thing that went wrong during start-up: it is what the caller is told. */
  let failure = null;
  /** @type {(error: Error) => void} */
  let failStart = () => undefined;
  const startFailed = new Promise((_, reject) => {
    failStart = (error) => {
      if (failure) return;
      failure = error;
      reject(error);
    };
  });
  startFailed.catch(() => undefined);
  const onAbort = () => failStart(signal?.reason ?? new Error('start-up aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  /** Races a start-up step against any part dying and against the abort signal. */
  const guard = (promise) => Promise.race([promise, startFailed]);

  const gone = (child) => child.exitCode !== null || child.signalCode !== null;
  // The children run detached (their own session and process group), so nothing reaches them if
  // the launcher ends some other way than stop(): an uncaught error, a process.exit elsewhere.
  // 'exit' allows only synchronous work: each group still alive is killed outright. A SIGKILLed
  // launcher runs no code at all: the next start finds them in the record (run-record.mjs).
  const killLeftovers = () => {
    for (const { child } of parts) if (child.pid !== undefined && !gone(child)) signalGroup(child.pid, 'SIGKILL');
  };
  process.on('exit', killLeftovers);

  const stop = async () => {
    phase = 'stopping';
    signal?.removeEventListener('abort', onAbort);
    for (const s of stops.reverse()) await s();
    stops.length = 0;
    for (const part of parts) part.log.close();
    record.remove();
    process.off('exit', killLeftovers);
  };

  /**
   * Watches a child: recorded at once, its output followed, its death during start-up fails the
   * start, and stop() sends it SIGINT (SIGKILL to its group after graceMs).
   */
  const adopt = (name, child, { logFile, ports: held, stopSignal = 'SIGTERM', graceMs = 8000 }) => {
    record.add({ name, pid: child.pid, ports: held, stopSignal, graceMs, log: path.relative(siteDir, logFile) });
    const part = { name, child, log: followLog(logFile, { name, echo: !quiet }) };
    parts.push(part);
    child.once('exit', (code, sig) => {
      const how = sig ? `was killed by ${sig}` : `exited with code ${code}`;
      if (phase === 'starting') failStart(new StartFailedError(LABELS[name] ?? name, `${how} during start-up`, part.log));
      else if (phase === 'running') {
        log(`[${name}] the ${LABELS[name] ?? name} ${how}; the site is not whole. Stop it (Ctrl-C) and start again.`);
        if (quiet) for (const line of part.log.lastLines()) log(`[${name}] ${line}`);
      }
    });
    stops.push(async () => {
      if (!gone(child)) {
        await new Promise((resolve) => {
          const force = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(force);
            resolve(undefined);
          });
          // Once, and to the child alone: a second SIGINT makes firebase-tools quit without
          // exporting its accounts, and tsx passes the signal on to the API itself.
          child.kill('SIGINT');
        });
      }
      // A child that died on its own (tsx killed, say) can leave its own children holding the
      // port; the record is about to go, so they are stopped now or never.
      if (groupMembers(child.pid).length > 0) {
        signalGroup(child.pid, 'SIGTERM');
        for (let waited = 0; groupMembers(child.pid).length > 0 && waited < 5000; waited += 100) await sleep(100);
        if (groupMembers(child.pid).length > 0) signalGroup(child.pid, 'SIGKILL');
      }
    });
    return part;
  };

  const startChild = (name, command, args, { cwd = ROOT, env, ports: held }) => {
    const logFile = path.join(logDir, `${name}.log`);
    const fd = openSync(logFile, 'w');
    let child;
    try {
      child = spawn(command, args, {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', fd, fd],
        // Its own process group: Ctrl-C in the terminal reaches only the launcher, which then
        // stops each child once. A second SIGINT makes firebase-tools quit without exporting.
        detached: true,
      });
    } finally {
      closeSync(fd);
    }
    if (child.pid === undefined) throw new StartFailedError(LABELS[name] ?? name, `could not be started (${command})`);
    return adopt(name, child, { logFile, ports: held });
  };

  /** Waits until url answers; a part that does not answer in time fails the start, quoting its log. */
  const ready = async (name, url, timeoutMs, part) => {
    if (await guard(answers(url, timeoutMs, () => failure !== null))) return;
    if (failure) throw failure;
    throw new StartFailedError(LABELS[name] ?? name, `did not answer on ${url} within ${Math.round(timeoutMs / 1000)} s`, part?.log);
  };

  try {
    // The Auth emulator; its accounts persist in dataDir/auth-emulator across restarts.
    const authDir = path.join(dataDir, 'auth-emulator');
    mkdirSync(authDir, { recursive: true });
    const exportDir = path.join(authDir, 'export');
    const authLog = path.join(logDir, 'auth.log');
    let authPart;
    // The emulator itself sits behind the proxy (auth-emulator-proxy.mjs), which owns ports.auth.
    // Hub and logging ports follow the auth port so a test run can sit beside `npm start`.
    const emulator = await guard(
      startAuthEmulatorProcess({
        authPort: ports.auth + 3,
        hubPort: ports.auth + 1,
        loggingPort: ports.auth + 2,
        dir: authDir,
        importDir: exportDir,
        exportDir,
        logFile: authLog,
        detached: true,
        timeoutMs: 90_000,
        onSpawn: (child) => {
          // A leftover emulator gets SIGINT and time: it saves its accounts only when it stops cleanly.
          authPart = adopt('auth', child, { logFile: authLog, ports: [ports.auth + 1, ports.auth + 2, ports.auth + 3], stopSignal: 'SIGINT', graceMs: 20_000 });
        },
      }),
    ).catch((error) => {
      if (failure || signal?.aborted || !authPart) throw failure ?? error;
      throw new StartFailedError(
        LABELS.auth,
        String(error.message)
          .split('\n')[0]
          .replace(/^The Auth emulator /, ''),
        authPart.log,
      );
    });
    const proxy = await startAuthEmulatorProxy({ port: ports.auth, targetPort: ports.auth + 3 });
    emulator.child.once('exit', () => {
      proxy.close();
      proxy.closeAllConnections();
    });
    stops.push(async () => {
      proxy.close();
      proxy.closeAllConnections();
    });

    const origins = ['shell', 'catalog', 'dashboard', 'checkout'].flatMap((n) => [`http://localhost:${ports[n]}`, `http://127.0.0.1:${ports[n]}`]);
    const api = startChild('api', path.join(BIN, 'tsx'), ['src/server.ts'], {
      cwd: path.join(ROOT, 'api'),
      ports: [ports.api],
      env: {
        PORT: String(ports.api),
        DATA_DIR: dataDir,
        CORS_ORIGINS: origins.join(','),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
        FIREBASE_PROJECT_ID: 'demo-usedcars',
        ...o.apiEnv,
      },
    });

    const apiEnv = { ...process.env, ...o.apiEnv };
    writeRuntimeFiles(siteDir, { ports, publicHost, stripe: Boolean(apiEnv.STRIPE_SECRET_KEY && apiEnv.STRIPE_PUBLISHABLE_KEY) });
    /** What must answer before the site is called running. */
    const checks = [];
    if (dev) {
      for (const fe of FRONT_ENDS) {
        const server = startChild(fe.name, path.join(BIN, 'webpack'), ['serve', '--mode', 'development'], {
          cwd: path.join(ROOT, fe.dir),
          ports: [ports[fe.name]],
          // The shell's dev server answers remotes.json and config.json from siteDir, so moved
          // ports (CATALOG_PORT, API_PORT, …) reach the page as they do with `npm start`.
          env: { [fe.portVar]: String(ports[fe.name]), ...(fe.name === 'shell' ? { SHELL_RUNTIME_DIR: siteDir } : {}) },
        });
        // Each dev server answers once it has compiled: slow on a first run.
        checks.push([fe.name, `http://127.0.0.1:${ports[fe.name]}/${fe.name === 'shell' ? '' : 'mf-manifest.json'}`, 300_000, server]);
      }
    } else {
      await guard(buildMissing());
      // The event loop was held by the build: a part that died meanwhile is only noticed now.
      await guard(sleep(0));
      // The remotes as their teams publish them: static files on their own origins.
      for (const fe of FRONT_ENDS.filter((f) => f.name !== 'shell')) {
        const server = await serveStatic({ dir: path.join(ROOT, fe.dir, 'dist'), port: ports[fe.name] });
        stops.push(() => new Promise((resolve) => server.close(() => resolve())));
        if (server.closeAllConnections) stops.push(async () => server.closeAllConnections());
        checks.push([fe.name, `http://127.0.0.1:${ports[fe.name]}/mf-manifest.json`, 30_000]);
      }
      // The shell: its render server, which draws each page and serves the shell's files.
      const render = startChild('shell', process.execPath, [path.join(ROOT, 'shell', 'dist-server', 'main.js')], {
        ports: [ports.shell],
        env: {
          PORT: String(ports.shell),
          HOST: '127.0.0.1',
          SHELL_DIST: path.join(ROOT, 'shell', 'dist'),
          SHELL_RUNTIME_DIR: siteDir,
          LOG_LEVEL: process.env.LOG_LEVEL ?? (quiet ? 'warn' : 'info'),
          ...o.renderEnv,
        },
      });
      checks.push(['shell', `http://127.0.0.1:${ports.shell}/healthz`, 90_000, render]);
    }
    // The API answers /health only once the demo accounts exist in the emulator (api/src/server.ts).
    checks.push(['api', `http://127.0.0.1:${ports.api}/health`, 120_000, api]);
    checks.push(['auth', `http://127.0.0.1:${ports.auth}/`, 30_000, authPart]);
    await Promise.all(checks.map(([name, url, timeoutMs, part]) => ready(name, url, timeoutMs, part)));
    phase = 'running';
    signal?.removeEventListener('abort', onAbort);
    // What the parts printed while starting comes before whatever the caller prints next.
    for (const part of parts) part.log.lastLines();
    return { stop, url: `http://${publicHost}:${ports.shell}`, siteDir, logDir };
  } catch (error) {
    await stop();
    throw failure ?? error;
  }
}
