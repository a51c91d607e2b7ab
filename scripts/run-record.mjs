// How the next start finds what a launcher killed outright left running (docs/operate-launcher.md).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sitePorts } from './topology.mjs';
import { describeHolders, groupMembers, portHolders, portIsFree, processInfo, signalGroup, stillRunning } from './processes.mjs';

export const RECORD_FILE = 'processes.json';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class PortsInUseError extends Error {
  /** @param {{ port: number, part: string, holders: { pid: number, command: string }[] }[]} busy */
  constructor(busy) {
    const lines = busy.map((b) => `  port ${b.port} (${b.part}) is in use by ${describeHolders(b.holders)}`);
    super(`Cannot start: ${busy.length === 1 ? 'a port is' : 'ports are'} already in use, so nothing was started.\n${lines.join('\n')}`);
    this.name = 'PortsInUseError';
    this.busy = busy;
  }
}

export class AlreadyRunningError extends Error {
  constructor(record, siteDir) {
    const l = record.launcher;
    super(
      `Cannot start: this data folder is in use by a site that is still running: launcher pid ${l.pid} ` +
        `(${l.command}), started ${l.startedAt}${record.checkout ? ` from ${record.checkout}` : ''}.\n` +
        `  Stop it first (Ctrl-C in its terminal, or: kill ${l.pid}). Its record: ${path.join(siteDir, RECORD_FILE)}`,
    );
    this.name = 'AlreadyRunningError';
  }
}

const listed = (ports) => (Array.isArray(ports) ? ports : sitePorts(ports));

export async function checkPorts(ports) {
  const all = listed(ports);
  const free = await Promise.all(all.map(({ port }) => portIsFree(port)));
  const busy = all.filter((_, i) => !free[i]).map((b) => ({ ...b, holders: portHolders(b.port) }));
  if (busy.length > 0) throw new PortsInUseError(busy);
}

function readRecord(file) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    return record && typeof record === 'object' && Array.isArray(record.parts) ? record : null;
  } catch {
    return null;
  }
}

/** The pid a server wrote itself (PostgreSQL's postmaster.pid: its first line), or null. */
export function pidInFile(file) {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A part that restarts itself under a new pid (PostgreSQL after `pg_ctl restart`) names its pid file: the part is
 * whatever process that file names now, if it still runs, whether or not the launcher saw the restart.
 */
function current(part) {
  if (!part.pidFile) return part;
  const pid = pidInFile(part.pidFile);
  const info = pid === null ? null : processInfo(pid);
  if (!info || info.zombie || pid === part.pid) return part;
  return { ...part, pid, pgid: info.pgid, start: info.start, command: info.command };
}

// A leader gone still names its group (no pid is handed out while it is a group's id); one reused names none.
function survivorsOf(part) {
  const now = processInfo(part.pid);
  if (now && !now.zombie && now.start !== part.start) return [];
  return groupMembers(part.pgid);
}

async function waitUntil(test, timeoutMs, stepMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await test()) return true;
    if (Date.now() > deadline) return false;
    await sleep(stepMs);
  }
}

async function stopLeftoverPart(part, log) {
  const members = survivorsOf(part);
  if (members.length === 0) return false;
  const signal = part.stopSignal ?? 'SIGTERM';
  log(`  ${part.name}: pid ${part.pid} (${members.length} process${members.length === 1 ? '' : 'es'}), ${signal}`);
  // To the recorded process alone: tsx passes it on, and a second one from the group means "quit now".
  let signalled = false;
  if (stillRunning(part)) {
    try {
      process.kill(part.pid, signal);
      signalled = true;
    } catch {
      // gone meanwhile: the group is signalled below
    }
  }
  if (!signalled) signalGroup(part.pgid, signal);
  const gone = () => survivorsOf(part).length === 0;
  if (await waitUntil(gone, part.graceMs ?? 10_000)) return true;
  log(`  ${part.name}: still running after ${Math.round((part.graceMs ?? 10_000) / 1000)} s, SIGKILL`);
  signalGroup(part.pgid, 'SIGKILL');
  await waitUntil(gone, 5_000);
  return true;
}

/** A run whose launcher is alive is not a leftover: AlreadyRunningError. */
export async function stopLeftovers(siteDir, { log = console.log, checkout } = {}) {
  const file = path.join(siteDir, RECORD_FILE);
  if (!existsSync(file)) return;
  const record = readRecord(file);
  if (!record) {
    rmSync(file, { force: true });
    return;
  }
  if (record.launcher && stillRunning(record.launcher)) throw new AlreadyRunningError(record, siteDir);
  const alive = record.parts.map(current).filter((part) => survivorsOf(part).length > 0);
  if (alive.length > 0) {
    const from = record.checkout && checkout && record.checkout !== checkout ? ` (started from ${record.checkout})` : '';
    log(
      `An earlier run${from} ended without stopping its parts (its launcher, pid ${record.launcher?.pid ?? '?'}, is gone). ` + `Stopping what it left running:`,
    );
    await Promise.all(alive.map((part) => stopLeftoverPart(part, log)));
  }
  const ports = record.ports ? listed(record.ports).map((p) => p.port) : [];
  const freed = await waitUntil(async () => (await Promise.all(ports.map((port) => portIsFree(port)))).every(Boolean), 10_000, 200);
  if (alive.length > 0) log(freed ? 'Stopped; starting again.' : 'Stopped, but some of its ports are still taken (see below).');
  rmSync(file, { force: true });
}

/** Each child is added as soon as it is spawned: a launcher killed at any moment leaves a full record. */
export function createRunRecord(siteDir, { checkout, dataDir, ports }) {
  const file = path.join(siteDir, RECORD_FILE);
  const me = processInfo(process.pid);
  const record = {
    launcher: { pid: process.pid, start: me?.start ?? '', command: me?.command ?? process.argv.join(' '), startedAt: new Date().toISOString() },
    checkout,
    dataDir,
    ports,
    parts: [],
  };
  const save = () => {
    // Written whole and renamed into place: a kill in the middle never leaves half a record.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(partial, file);
  };
  save();
  return {
    /**
     * @param {{ name: string, pid: number, ports: number[], stopSignal?: string, graceMs?: number, log?: string, pidFile?: string }} part
     */
    add(part) {
      const info = processInfo(part.pid);
      record.parts.push({
        name: part.name,
        pid: part.pid,
        // Spawned detached, each child leads its own group.
        pgid: part.pid,
        start: info?.start ?? '',
        command: info?.command ?? '',
        ports: part.ports,
        startedAt: new Date().toISOString(),
        stopSignal: part.stopSignal ?? 'SIGTERM',
        graceMs: part.graceMs ?? 10_000,
        ...(part.log ? { log: part.log } : {}),
        ...(part.pidFile ? { pidFile: part.pidFile } : {}),
      });
      save();
    },
    /** The part runs under another pid now (it restarted itself): a later start stops that one. */
    update(name, pid) {
      const part = record.parts.find((entry) => entry.name === name);
      const info = processInfo(pid);
      if (!part || !info) return;
      Object.assign(part, { pid, pgid: info.pgid, start: info.start, command: info.command });
      save();
    },
    remove() {
      rmSync(file, { force: true });
    },
  };
}
