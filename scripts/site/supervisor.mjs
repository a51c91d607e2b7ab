// docs/operate-launcher.md.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { groupMembers, signalGroup } from '../processes.mjs';
import { LABELS } from '../topology.mjs';
import { followLog } from './follow-log.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class StartFailedError extends Error {
  constructor(label, what, log) {
    const lines = log?.lastLines() ?? [];
    const quoted = lines.length ? `\n  Its last lines (${log.file}):\n${lines.map((l) => `    ${l}`).join('\n')}` : '';
    super(`Cannot start: the ${label} ${what}.${quoted}`);
    this.name = 'StartFailedError';
  }
}

const labelOf = (name) => LABELS[name] ?? name;
const gone = (child) => child.exitCode !== null || child.signalCode !== null;

/** For a server that speaks no HTTP. */
function accepts(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function respondsOk(url) {
  try {
    // Bounded: a half-started server that accepts and never responds must not hang the start.
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false; // not up yet
  }
}

async function responds(url, timeoutMs, cancelled) {
  const deadline = Date.now() + timeoutMs;
  while (!cancelled()) {
    if (await (url.startsWith('tcp:') ? accepts(url) : respondsOk(url))) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return false;
}

async function stopChild(child, graceMs) {
  if (!gone(child)) {
    await new Promise((resolve) => {
      const force = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(force);
        resolve(undefined);
      });
      // Once, and to the child alone: a second SIGINT makes firebase-tools quit without exporting.
      child.kill('SIGINT');
    });
  }
  // A child that died on its own can leave its own children holding the port.
  if (groupMembers(child.pid).length > 0) {
    signalGroup(child.pid, 'SIGTERM');
    for (let waited = 0; groupMembers(child.pid).length > 0 && waited < 5000; waited += 100) await sleep(100);
    if (groupMembers(child.pid).length > 0) signalGroup(child.pid, 'SIGKILL');
  }
}

/**
 * @param {object} o
 * @param {string} o.siteDir
 * @param {string} o.logDir
 * @param {ReturnType<typeof import('../run-record.mjs').createRunRecord>} o.record
 * @param {boolean} o.quiet
 * @param {(line: string) => void} o.log
 * @param {AbortSignal} [o.signal]
 */
export function createSupervisor({ siteDir, logDir, record, quiet, log, signal }) {
  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  const parts = [];
  let phase = 'starting'; // then 'running', then 'stopping'
  let failure = null;
  let failStart = () => undefined;
  // Aborted with the start's failure: what the start-up runs meanwhile (a build) stops with it.
  const failed = new AbortController();
  const startFailed = new Promise((_, reject) => {
    failStart = (error) => {
      if (failure) return;
      failure = error;
      failed.abort(error);
      reject(error);
    };
  });
  startFailed.catch(() => undefined);
  const onAbort = () => failStart(signal?.reason ?? new Error('start-up aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();

  // Detached children outlive a launcher that ends without stop(); 'exit' allows only synchronous work.
  const killLeftovers = () => {
    for (const { child } of parts) if (child.pid !== undefined && !gone(child)) signalGroup(child.pid, 'SIGKILL');
  };
  process.on('exit', killLeftovers);

  const reportExit = (name, part) => (code, sig) => {
    const how = sig ? `was killed by ${sig}` : `exited with code ${code}`;
    if (phase === 'starting') failStart(new StartFailedError(labelOf(name), `${how} during start-up`, part.log));
    else if (phase === 'running') {
      // What it started is gone with it (a server a wrapper ran goes on otherwise, unseen): the terminal tells the truth.
      if (groupMembers(part.child.pid).length > 0) signalGroup(part.child.pid, 'SIGKILL');
      log(`[${name}] the ${labelOf(name)} ${how}; the site is not whole. Stop it (Ctrl-C) and start again.`);
      if (quiet) for (const line of part.log.lastLines()) log(`[${name}] ${line}`);
    }
  };

  const supervisor = {
    get failure() {
      return failure;
    },
    failed: failed.signal,
    guard: (promise) => Promise.race([promise, startFailed]),
    onStop: (fn) => stops.push(fn),
    adopt(name, child, { logFile, ports, stopSignal = 'SIGTERM', graceMs = 8000, notable }) {
      record.add({ name, pid: child.pid, ports, stopSignal, graceMs, log: path.relative(siteDir, logFile) });
      // Notable lines once the site runs: while it starts, the balancer's checks fail as a matter of course.
      const shown = notable && ((line) => phase === 'running' && notable.test(line));
      const part = { name, child, log: followLog(logFile, { name, echo: !quiet, notable: shown }) };
      parts.push(part);
      child.once('exit', reportExit(name, part));
      stops.push(() => stopChild(child, graceMs));
      return part;
    },
    /** `notable`: the lines of its output shown in the terminal once the site runs, even when the others are not. */
    startChild(name, command, args, { cwd, env, ports, notable }) {
      const logFile = path.join(logDir, `${name}.log`);
      const fd = openSync(logFile, 'w');
      let child;
      try {
        // Its own process group: Ctrl-C in the terminal reaches only the launcher.
        child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], detached: true });
      } finally {
        closeSync(fd);
      }
      if (child.pid === undefined) throw new StartFailedError(labelOf(name), `could not be started (${command})`);
      return supervisor.adopt(name, child, { logFile, ports, notable });
    },
    async ready(name, url, timeoutMs, part) {
      if (await supervisor.guard(responds(url, timeoutMs, () => failure !== null))) return;
      if (failure) throw failure;
      throw new StartFailedError(labelOf(name), `did not respond on ${url} within ${Math.round(timeoutMs / 1000)} s`, part?.log);
    },
    running() {
      // What the parts printed while starting comes before whatever the caller prints next (and is not notable).
      for (const part of parts) part.log.lastLines();
      phase = 'running';
      signal?.removeEventListener('abort', onAbort);
    },
    async stop() {
      phase = 'stopping';
      signal?.removeEventListener('abort', onAbort);
      for (const s of stops.reverse()) await s();
      stops.length = 0;
      for (const part of parts) part.log.close();
      record.remove();
      process.off('exit', killLeftovers);
    },
  };
  return supervisor;
}
