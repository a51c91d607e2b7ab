// Pipelines: shell
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD } from '../support/site';
import { untilReady } from '../support/until';

/**
 * `npm start` after a hard kill (docs/operate-launcher.md). No browser: each test runs the
 * launcher (scripts/start.mjs) as a child on ports of its own, beside the suite's site, kills
 * it or its whole process tree with SIGKILL, starts it again on the same data folder and looks
 * at what an operator would see: the exit code, what it printed, and what the site responds.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const PORTS = {
  shell: 3440 + OFFSET,
  catalog: 3441 + OFFSET,
  dashboard: 3442 + OFFSET,
  checkout: 3443 + OFFSET,
  messages: 3444 + OFFSET,
  api: 5440 + OFFSET,
  auth: 9440 + OFFSET * 4,
  mail: 2740 + OFFSET,
};
const API = `http://127.0.0.1:${PORTS.api}`;
const identity = (port: number) => `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1`;
/** The site's identity address: the launcher's proxy in front of the emulator. */
const AUTH = identity(PORTS.auth);
/** The emulator itself, behind the proxy: still there when the launcher (and its proxy) is not. */
const EMULATOR = identity(PORTS.auth + 3);
const RUNNING = 'Used Cars is running';
// A start on a busy two-core machine: the emulator, the API's migrations and seed, the render server.
const START_MS = 240_000;

test.skip(process.platform !== 'linux', 'walks /proc to find every process of the site');

/** One `npm start`, its output kept. */
class Launch {
  readonly child: ChildProcess;
  private text = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(dataDir: string, env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        SHELL_PORT: String(PORTS.shell),
        CATALOG_PORT: String(PORTS.catalog),
        DASHBOARD_PORT: String(PORTS.dashboard),
        CHECKOUT_PORT: String(PORTS.checkout),
        MESSAGES_PORT: String(PORTS.messages),
        API_PORT: String(PORTS.api),
        AUTH_EMULATOR_PORT: String(PORTS.auth),
        MAIL_CATCHER_PORT: String(PORTS.mail),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.text += String(chunk));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get output(): string {
    return this.text;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once the launcher has printed `text`; fails at once if it exits first. */
  async printed(text: string, timeoutMs = START_MS): Promise<void> {
    await untilReady(this.child, () => this.text.includes(text), { what: `the launcher printing "${text}"`, timeout: timeoutMs, output: () => this.text });
  }

  /** Ctrl-C, as an operator stops it; SIGKILL only if it hangs. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) {
      this.child.kill('SIGINT');
      const force = setTimeout(() => this.child.kill('SIGKILL'), 60_000);
      await this.exited;
      clearTimeout(force);
    }
    return this.exited;
  }
}

/** The launcher and every process below it, from /proc (children run in groups of their own). */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

async function json<T>(response: Response): Promise<T> {
  expect(response.ok, `${response.url}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

async function signUp(email: string, password: string): Promise<void> {
  await json(
    await fetch(`${AUTH}/accounts:signUp?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    }),
  );
}

function signIn(email: string, password: string, through = AUTH): Promise<Response> {
  return fetch(`${through}/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
}

/** The demo seller's API access token, as the site gets one: identity token, then GET /jwt. */
async function sellerToken(): Promise<string> {
  const { idToken } = await json<{ idToken: string }>(await signIn(DEMO.seller, DEMO_PASSWORD));
  const jwt = await fetch(`${API}/jwt?email=${encodeURIComponent(DEMO.seller)}`, { headers: { Authorization: `Bearer ${idToken}` } });
  return (await json<{ accessToken: string }>(jwt)).accessToken;
}

const car = (carName: string) => ({
  carName,
  img: '/images/cars/sedan-blue.svg',
  currentPrice: 21500,
  price: 39900,
  purchaseYear: '2019',
  condition: 'Excellent',
  contact: '+1 415 555 0101',
  details: 'Listed while the site was killed.',
  location: 'San Francisco, CA',
  used: '4 years',
  sellerName: 'Demo Seller',
  time: '2024-05-01',
  categoryName: 'audi',
});

let dataDir = '';
let launches: Launch[] = [];

test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-launcher-'));
  launches = [];
});

test.afterEach(async ({}, testInfo: TestInfo) => {
  for (const [i, launch] of launches.entries()) {
    await launch.stop();
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach(`launch-${i + 1}.log`, { body: launch.output, contentType: 'text/plain' });
  }
  // Whatever a failed test left behind is stopped as a start would stop it (pids checked first).
  if (existsSync(path.join(dataDir, 'site', 'processes.json'))) {
    const { stopLeftovers } = (await import(path.join(ROOT, 'scripts', 'run-record.mjs'))) as {
      stopLeftovers: (siteDir: string, o: { log: (line: string) => void }) => Promise<void>;
    };
    await stopLeftovers(path.join(dataDir, 'site'), { log: () => undefined }).catch(() => undefined);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env?: Record<string, string>): Launch {
  const launch = new Launch(dataDir, env);
  launches.push(launch);
  return launch;
}

test('after kill -9 of the launcher alone, the next start stops what it left running and the site responds', async () => {
  test.setTimeout(3 * START_MS);
  const first = start();
  await first.printed(RUNNING);
  // An account made now lives only in the emulator's memory until it exports on a clean stop.
  const kept = { email: `kept-${Date.now()}@usedcars.test`, password: 'kept-password-1' };
  await signUp(kept.email, kept.password);

  first.child.kill('SIGKILL');
  await first.exited;
  // After kill -9 the launcher is gone, its API and emulator are not.
  expect((await fetch(`${API}/health`)).ok).toBe(true);
  expect((await signIn(kept.email, kept.password, EMULATOR)).ok).toBe(true);

  const second = start();
  await second.printed(RUNNING);
  expect(second.output).toContain('An earlier run ended without stopping its parts');
  expect(second.output).toMatch(/^ {2}api: pid \d+/m);
  expect(second.output).toMatch(/^ {2}auth: pid \d+ .*SIGINT/m);
  expect(await json<{ status: string }>(await fetch(`${API}/health`))).toMatchObject({ status: 'ok' });
  const home = await fetch(`http://127.0.0.1:${PORTS.shell}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<html');
  for (const remote of ['catalog', 'dashboard', 'checkout', 'messages'] as const) {
    expect((await fetch(`http://127.0.0.1:${PORTS[remote]}/mf-manifest.json`)).ok).toBe(true);
  }
  // The leftover emulator was given the chance to export: the account is still there.
  expect((await signIn(kept.email, kept.password)).ok).toBe(true);

  // While it runs, another start on the same data folder is refused, naming the running launcher.
  const third = start();
  expect((await third.exited).code).toBe(1);
  expect(third.output).toContain(`launcher pid ${second.child.pid}`);
  expect(second.running).toBe(true);

  expect(await second.stop()).toEqual({ code: 0, signal: null });
  await expect(fetch(`${API}/health`)).rejects.toThrow();
});

test('after kill -9 of every process of the site in the middle of writes, every acknowledged listing is there', async () => {
  test.setTimeout(3 * START_MS);
  // Past the listing limit the API would refuse writes for a reason of its own.
  const env = { WRITE_LIMIT_LISTINGS: '0' };
  const first = start(env);
  await first.printed(RUNNING);
  const token = await sellerToken();

  const acknowledged: { id: string; carName: string }[] = [];
  // Writes one listing after another until the API stops responding.
  const writer = (async () => {
    for (let i = 0; ; i += 1) {
      const carName = `Crash test ${Date.now()} #${i}`;
      try {
        const response = await fetch(`${API}/audis`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(car(carName)),
        });
        if (response.status === 201) acknowledged.push({ id: ((await response.json()) as { insertedId: string }).insertedId, carName });
      } catch {
        return; // the API is gone: no more acknowledgements
      }
    }
  })();
  await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

  const tree = processTree(first.child.pid!);
  expect(tree.length).toBeGreaterThan(3); // the launcher, the emulator, the API (tsx and node), the render server
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await first.exited;
  await writer;
  const count = acknowledged.length;

  const began = Date.now();
  const second = start(env);
  await second.printed(RUNNING);
  test
    .info()
    .annotations.push({ type: 'restart', description: `${count} acknowledged listings; running again after ${((Date.now() - began) / 1000).toFixed(1)} s` });

  const missing: string[] = [];
  for (const { id, carName } of acknowledged) {
    const response = await fetch(`${API}/audis/${id}`);
    if (response.status !== 200 || ((await response.json()) as { carName: string }).carName !== carName) missing.push(`${id} (${response.status})`);
  }
  expect(missing, `of ${count} acknowledged listings`).toEqual([]);
  expect(await second.stop()).toEqual({ code: 0, signal: null });
});

test('an API that refuses its settings stops the start at once, with its words: the release webhook without its secret', async () => {
  test.setTimeout(120_000);
  const launch = start({ RELEASE_WEBHOOK_URL: 'https://chat.example.test/hooks/releases', RELEASE_WEBHOOK_SECRET: '' });
  const began = Date.now();
  const { code } = await launch.exited;
  expect(code).toBe(1);
  // As soon as the API has said no: a build the start needed (if any) is stopped with it, not run to its end.
  expect(Date.now() - began).toBeLessThan(90_000);
  expect(launch.output).toContain('Cannot start: the API exited with code 1 during start-up.');
  expect(launch.output).toContain('RELEASE_WEBHOOK_SECRET must be at least 16 characters');
  expect(launch.output).not.toContain(RUNNING);
  expect(existsSync(path.join(dataDir, 'site', 'processes.json'))).toBe(false);
});

test('a port held by another program: the start refuses at once, naming the port and its holder', async () => {
  test.setTimeout(60_000);
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(PORTS.api, '127.0.0.1', resolve));
  try {
    const launch = start();
    const began = Date.now();
    const { code } = await launch.exited;
    expect(code).toBe(1);
    expect(Date.now() - began).toBeLessThan(30_000);
    expect(launch.output).toContain(`port ${PORTS.api} (api) is in use by pid ${process.pid}`);
    expect(launch.output).not.toContain(RUNNING);
    // Nothing was started: the emulator, which comes first, never took its port.
    await expect(fetch(`http://127.0.0.1:${PORTS.auth + 3}/`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'site', 'processes.json'))).toBe(false);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});
