import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite is PostgreSQL inside one process. Two processes opening one data directory each keep
 * their own buffers and overwrite each other's files, and PGlite's own postmaster.pid cannot tell
 * (it names a made-up process, -42). So whoever opens a directory leaves its process id in a file
 * beside it (`<dir>.lock`), and any other process refuses to open it while that one lives.
 */
export class DataDirInUseError extends Error {}

interface Owner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** Directories this process holds, with how many of its openings still use each. */
const held = new Map<string, number>();

export const lockFileOf = (dir: string) => `${dir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' ? (owner as Owner) : null;
  } catch {
    return null;
  }
}

/** Who holds the directory now, if anyone but this process; a lock left by a dead process does not count. */
function dataDirOwner(dir: string): Owner | null {
  const owner = readOwner(lockFileOf(dir));
  if (!owner || owner.pid === process.pid) return null;
  // On another machine (a shared disk) liveness cannot be checked: assume it lives.
  if (owner.host !== hostname() || alive(owner.pid)) return owner;
  return null;
}

function describeOwner(dir: string, owner: Owner): string {
  return (
    `The embedded database in ${dir} is open in another process (pid ${owner.pid} on ${owner.host}, ` +
    `"${owner.command}", since ${owner.since}). PGlite serves one process at a time: stop that process ` +
    `(for the site, Ctrl-C where npm start runs) and try again. If no such process runs any more, delete ${lockFileOf(dir)}.`
  );
}

/** Takes the directory for this process; the returned function gives it back. */
export function lockDataDir(dir: string): () => void {
  const file = lockFileOf(dir);
  const count = held.get(dir) ?? 0;
  if (count === 0) {
    const me: Owner = { pid: process.pid, host: hostname(), command: process.argv.slice(1).join(' '), since: new Date().toISOString() };
    // Created only if absent, so of two processes starting at once only one gets it.
    const create = () => writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx' });
    try {
      create();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dir);
      if (owner) throw new DataDirInUseError(describeOwner(dir, owner));
      // Left by a process that is gone.
      unlinkSync(file);
      try {
        create();
      } catch {
        throw new DataDirInUseError(`The embedded database in ${dir} was just opened by another process; try again once it has stopped.`);
      }
    }
  }
  held.set(dir, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(dir) ?? 1) - 1;
    if (left > 0) {
      held.set(dir, left);
      return;
    }
    held.delete(dir);
    if (readOwner(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone: nothing to give back.
      }
    }
  };
}
