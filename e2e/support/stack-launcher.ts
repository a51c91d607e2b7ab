import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { STACK_PORTS, STACK_WEBHOOK_SECRET } from './site';
import { untilReady } from './until';

/** Where the running stack's parts are listed for the specs (name, address, pid, process group), as `npm run stack` prints them. */
export const STACK_PARTS_FILE = 'stack-parts.json';

const ROOT = path.resolve(__dirname, '..', '..');

/** A part as the launcher printed it (`<name> <address> pid <pid>`), with its process group read from the system. */
interface StackPart {
  name: string;
  address: string;
  pid: number;
  group: number;
}

export interface RunningStack {
  /** The launcher's own process, and the file its terminal output goes to. */
  launcher: { pid: number; log: string };
  parts: StackPart[];
  ports: Record<string, number>;
  siteDir: string;
}

/** A process's group, from Linux's /proc (the suite runs where Debian's HAProxy and Varnish do). */
function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

export const launcherAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm run stack` in a process of its own (`node scripts/stack-start.mjs`), as an operator runs it, on the suite's
 * ports and a data folder inside `dir`; resolves once it prints `stack ready`, with what it printed. The running
 * stack is written to `dir` (STACK_PARTS_FILE) for the specs and the teardown.
 */
export async function startLauncher(dir: string, { timeoutMs = 300_000 } = {}): Promise<RunningStack> {
  const { stackPorts } = (await import(path.join(ROOT, 'scripts', 'stack.mjs'))) as typeof import('../../scripts/stack.mjs');
  const ports = stackPorts({ STACK_PORT: String(STACK_PORTS.site), STACK_PARTS_PORT: String(STACK_PORTS.parts) });
  const log = path.join(dir, `launcher-${Date.now()}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'stack-start.mjs')], {
    cwd: ROOT,
    // Its own group, outliving the worker that starts it: the suite's teardown stops it with Ctrl-C's signal.
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      STACK_PORT: String(STACK_PORTS.site),
      STACK_PARTS_PORT: String(STACK_PORTS.parts),
      STACK_DATA_DIR: path.join(dir, 'stack'),
      STACK_VERBOSE: process.env.E2E_VERBOSE ? '1' : '0',
      // The crowd writes from one address, faster than a person: no hourly write limit in the way
      // (docs/operate-production.md, "Write limits and the fault tests").
      WRITE_LIMIT_LISTINGS: '0',
      WRITE_LIMIT_BOOKINGS: '0',
      WRITE_LIMIT_REGISTRATIONS: '0',
      WRITE_LIMIT_EDITS: '0',
      WRITE_LIMIT_PHOTOS: '0',
      // Traces go to the receiver stack/traces.spec.ts runs on this port while it runs (nothing listens otherwise:
      // the exports are dropped), every half second rather than every five.
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${STACK_PORTS.traces}`,
      OTEL_BSP_SCHEDULE_DELAY: '500',
      // Release events and alerts go to the receiver stack/alert-webhook.spec.ts runs on this port while it runs.
      RELEASE_WEBHOOK_URL: `http://127.0.0.1:${STACK_PORTS.webhook}/hooks/releases`,
      RELEASE_WEBHOOK_SECRET: STACK_WEBHOOK_SECRET,
    },
  });
  closeSync(out);
  child.unref();
  const pid = child.pid!;
  const printed = () => readFileSync(log, 'utf8');
  try {
    await untilReady(child, () => /^stack ready$/m.test(printed()), { what: 'npm run stack printing "stack ready"', timeout: timeoutMs, output: printed });
  } catch (error) {
    if (launcherAlive(pid)) process.kill(pid, 'SIGINT');
    throw error;
  }
  const parts = [...printed().matchAll(/^(\S+) (\S+) pid (\d+)$/gm)].map(([, name, address, pid]) => ({
    name: name!,
    address: address!,
    pid: Number(pid),
    group: groupOf(Number(pid)),
  }));
  const running: RunningStack = { launcher: { pid, log }, parts, ports, siteDir: path.join(dir, 'stack', 'site') };
  writeFileSync(path.join(dir, STACK_PARTS_FILE), JSON.stringify(running));
  return running;
}

/** Stops the stack the parts file names, as Ctrl-C in its terminal does, and waits until its launcher is gone. */
export async function stopLauncher(dir: string): Promise<void> {
  const file = path.join(dir, STACK_PARTS_FILE);
  if (!existsSync(file)) return;
  const { launcher } = JSON.parse(readFileSync(file, 'utf8')) as RunningStack;
  if (!launcherAlive(launcher.pid)) return;
  process.kill(launcher.pid, 'SIGINT');
  // Not this process's child (the teardown may stop one a spec started): its exit is seen by asking the system.
  await expect
    .poll(() => launcherAlive(launcher.pid), {
      message: `npm run stack (pid ${launcher.pid}) stopping after Ctrl-C's signal; its output: ${launcher.log}`,
      timeout: 120_000,
    })
    .toBe(false);
}
