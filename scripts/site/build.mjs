/** Production builds of the front ends, made only when missing or older than their sources. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, promises as fs, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONT_ENDS } from '../topology.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
function builtFiles(root, fe) {
  const dir = path.join(root, fe.dir);
  return [
    path.join(dir, 'dist', 'mf-manifest.json'),
    fe.name === 'shell' ? path.join(dir, 'dist-server', 'main.js') : path.join(dir, 'dist', 'server', 'remoteEntry.js'),
  ];
}

/** The folders every front end's build reads: the shared workspaces and the build tooling. */
function sharedFolders(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const own = new Set([...FRONT_ENDS.map((f) => f.dir), 'api', 'e2e']);
  return [...workspaces.filter((w) => !own.has(w)), 'tooling'];
}

/** One production build, in the background: the launcher notices a part that stops meanwhile, and `signal` ends the build at once. */
function webpackBuild(root, fe, signal) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: path.join(root, fe.dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const stop = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', stop, { once: true });
    child.once('error', reject);
    child.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) reject(signal.reason ?? new Error(`building ${fe.dir} was stopped`));
      else if (code === 0) resolve();
      else reject(new Error(`building ${fe.dir} failed`));
    });
  });
}

/**
 * Builds each front end whose build is missing or older than its sources or the shared packages
 * (every front end with `force`; only the one named with `only`); `signal` stops it.
 */
export async function buildMissing(log = console.log, root = ROOT, { force = false, only = undefined, signal = undefined } = {}) {
  const shared = Math.max(...(await Promise.all(sharedFolders(root).map((d) => newest(path.join(root, d))))));
  const stale = [];
  for (const fe of FRONT_ENDS.filter((f) => only === undefined || f.name === only)) {
    const built = Math.min(...builtFiles(root, fe).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
    if (force || built <= Math.max(shared, await newest(path.join(root, fe.dir)))) stale.push(fe);
  }
  // A webpack build keeps about one core busy: one at a time per core (at most three); one that fails stops the rest.
  const failed = new AbortController();
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  const next = async () => {
    for (let fe = stale.shift(); fe; fe = stale.shift()) {
      stop.throwIfAborted();
      log(`building ${fe.dir}…`);
      await webpackBuild(root, fe, stop).catch((error) => {
        failed.abort(error);
        throw error;
      });
      // webpack leaves a file it would write unchanged as it was (compareBeforeEmit), so its time
      // alone would call this build stale again next time.
      const now = new Date();
      for (const file of builtFiles(root, fe)) utimesSync(file, now, now);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(3, os.availableParallelism())) }, next));
}
