// Linux reads /proc, elsewhere ps, ss and lsof; where none of them tells, callers say so rather than guess.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

const LINUX = process.platform === 'linux';

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function run(command, args) {
  try {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 5000 });
    return result.status === 0 ? result.stdout : null;
  } catch {
    return null;
  }
}

// A pid and its start time name a process only within one boot: both restart from small numbers.
const BOOT = LINUX ? (read('/proc/sys/kernel/random/boot_id')?.trim() ?? 'boot') : 'boot';

/**
 * @typedef {object} ProcessInfo
 * @property {number} pid
 * @property {number} ppid
 * @property {number} pgid
 * @property {boolean} zombie  exited, not yet reaped: it holds no ports and runs no code
 * @property {string} start    when it started, as the OS counts it (the same for the life of the process)
 * @property {string} command  its command line (may change when it execs, e.g. through `env`)
 */

/** @returns {ProcessInfo | null} */
function linuxInfo(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name in parentheses may itself hold spaces and parentheses: split after the last one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cmdline = read(`/proc/${pid}/cmdline`) ?? '';
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    zombie: fields[0] === 'Z' || fields[0] === 'X',
    // Field 22 of stat: clock ticks after boot. Unlike the pid, it is never handed out twice.
    start: `${BOOT}:${fields[19]}`,
    command: cmdline.split('\0').filter(Boolean).join(' ') || stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
  };
}

/** @returns {ProcessInfo | null} */
function psInfo(pid) {
  const out = run('ps', ['-o', 'pid=,ppid=,pgid=,stat=,lstart=,command=', '-p', String(pid)]);
  const line = out?.split('\n').find((l) => l.trim());
  if (!line) return null;
  // lstart is five words: "Mon Nov 24 10:00:00 2026".
  const words = line.trim().split(/\s+/);
  return {
    pid: Number(words[0]),
    ppid: Number(words[1]),
    pgid: Number(words[2]),
    zombie: words[3].startsWith('Z'),
    start: words.slice(4, 9).join(' '),
    command: words.slice(9).join(' '),
  };
}

/** @returns {ProcessInfo | null} */
export function processInfo(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return LINUX ? linuxInfo(pid) : psInfo(pid);
}

/** A pid the OS has since handed to another process has another start time. */
export function stillRunning(recorded) {
  const now = processInfo(recorded?.pid);
  return Boolean(now && !now.zombie && now.start === recorded.start);
}

export function groupMembers(pgid) {
  if (LINUX) {
    const members = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const info = linuxInfo(Number(entry));
      if (info && info.pgid === pgid && !info.zombie) members.push(info);
    }
    return members;
  }
  const out = run('ps', ['-A', '-o', 'pid=,pgid=,stat=']) ?? '';
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((w) => Number(w[1]) === pgid && !String(w[2]).startsWith('Z'))
    .map((w) => processInfo(Number(w[0])))
    .filter((info) => info !== null);
}

export function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ctrl-C, kill and a closed terminal never reach detached children: stop what `running()` returns, or abort `startUp`.
 * @param {AbortController} startUp
 * @param {() => ({ stop: () => Promise<void> } | null)} running
 */
export function stopOnSignals(startUp, running) {
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    if (signal === 'SIGHUP') {
      // The terminal is gone: writing to it fails (EIO), which must not cut the stopping short.
      process.stdout.on('error', () => undefined);
      process.stderr.on('error', () => undefined);
    } else {
      console.log('\nstopping…');
    }
    const started = running();
    if (!started) {
      startUp.abort(new Error(`${signal} during start-up`));
      return;
    }
    await started.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);
}

/** Resolves true once nothing listens on host:port (by listening there for a moment). */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host }, () => probe.close(() => resolve(true)));
  });
}

function listeningInodes(port) {
  const inodes = new Set();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] is address:port, cols[3] the state (0A = LISTEN), cols[9] the inode.
      if (cols.length > 9 && cols[3] === '0A' && cols[1].endsWith(`:${hexPort}`) && cols[9] !== '0') inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** Which of our processes has one of these sockets open (others' /proc/<pid>/fd cannot be read). */
function pidsHoldingInodes(inodes) {
  const found = new Set();
  if (inodes.size === 0) return found;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        found.add(Number(entry));
        break;
      }
    }
  }
  return found;
}

function pidsFromSs(port) {
  // users:(("node",pid=1234,fd=20)) — present only for sockets the caller may see.
  const out = run('ss', ['-Hltnp', `sport = :${port}`]) ?? '';
  return new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])));
}

function pidsFromLsof(port) {
  const out = run('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t']) ?? '';
  return new Set(
    out
      .split('\n')
      .filter((l) => /^\d+$/.test(l.trim()))
      .map(Number),
  );
}

/** Empty when the OS does not say (another user's process, another container, no tool to ask). */
export function portHolders(port) {
  let pids = new Set();
  if (LINUX) pids = pidsHoldingInodes(listeningInodes(port));
  if (pids.size === 0) pids = pidsFromSs(port);
  if (pids.size === 0) pids = pidsFromLsof(port);
  return [...pids].sort((a, b) => a - b).map((pid) => ({ pid, command: processInfo(pid)?.command ?? '' }));
}

export function describeHolders(holders) {
  if (holders.length === 0) return 'another program';
  return holders.map((h) => (h.command ? `pid ${h.pid} (${shorten(h.command)})` : `pid ${h.pid}`)).join(', ');
}

function shorten(command, max = 160) {
  return command.length > max ? `${command.slice(0, max - 1)}…` : command;
}
