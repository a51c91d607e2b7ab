/** The stack's data: a throwaway PostgreSQL 15 and an S3-compatible store (s3rver) with the bucket `usedcars`. */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processInfo } from '../processes.mjs';
import { pidInFile } from '../run-record.mjs';
import { StartFailedError } from '../site/supervisor.mjs';

export const BUCKET = 'usedcars';
/** s3rver checks every signature against its one account. */
const S3_CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };

const pgScript = (root) => path.join(root, 'scripts', 'pg-throwaway.sh');
/** Where scripts/pg-throwaway.sh keeps the cluster of a port. */
const pgDir = (port) => path.join(process.env.TMPDIR || os.tmpdir(), `usedcars-pg-${port}`);

/** How often the launcher looks at PostgreSQL's pid file, to tell of a restart and keep its record true. */
const WATCH_MS = 1_000;

/**
 * PostgreSQL as the tests start it (scripts/pg-throwaway.sh), but durable: fsync, full page writes and
 * synchronous commits on, so an acknowledged write outlives a crash of the server. It runs as a daemon of its own;
 * the stack stops it last. A restart of it (`pg_ctl restart`) is told in the terminal and followed in the run
 * record, so a start after a crash of the launcher stops the PostgreSQL that runs then.
 * @returns {{ url: string, pid: number }}
 */
export function startPostgres(supervisor, record, { root, port, log }) {
  const started = spawnSync('bash', [pgScript(root), 'start', String(port)], {
    encoding: 'utf8',
    env: { ...process.env, PG_DURABLE: '1', PG_EXTRA_OPTIONS: '-c max_connections=300' },
  });
  if (started.status !== 0) throw new StartFailedError('PostgreSQL', `did not start:\n${started.stderr}`);
  const url = started.stdout.trim().split('\n').pop();
  const pidFile = path.join(pgDir(port), 'data', 'postmaster.pid');
  const pid = pidInFile(pidFile);
  // SIGINT is PostgreSQL's fast shutdown, for a start after a crash of the launcher.
  record.add({ name: 'postgres', pid, ports: [port], stopSignal: 'SIGINT', graceMs: 10_000, pidFile });
  supervisor.onStop(async () => void spawnSync('bash', [pgScript(root), 'stop', String(port)], { stdio: 'ignore' }));
  const stopWatching = watchPostgres(pidFile, pid, {
    restarted: (before, now) => {
      record.update('postgres', now);
      log(`[postgres] PostgreSQL restarted (pid ${before} → ${now}); the API instances reconnect on their own`);
    },
    down: (before) => log(`[postgres] PostgreSQL is down (pid ${before} is gone): writes fail until it is back`),
  });
  supervisor.onStop(async () => stopWatching());
  return { url, pid };
}

/** Tells when the pid in PostgreSQL's pid file changes (a restart) or the server is gone for good. */
function watchPostgres(pidFile, pid, { restarted, down }) {
  let known = pid;
  let gone = false;
  const timer = setInterval(() => {
    const now = pidInFile(pidFile);
    const alive = now !== null && processInfo(now) !== null;
    if (!alive) {
      // A restart takes a moment: a second look without it is a server that is down.
      if (gone) return;
      gone = setTimeout(() => {
        const again = pidInFile(pidFile);
        if (again === null || processInfo(again) === null) down(known);
      }, 3 * WATCH_MS);
      gone.unref();
      return;
    }
    if (gone) clearTimeout(gone);
    gone = false;
    if (now !== known) {
      restarted(known, now);
      known = now;
    }
  }, WATCH_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (gone) clearTimeout(gone);
  };
}

/** s3rver with the bucket, its objects under dataDir/s3. */
export function startObjectStore(supervisor, { root, dataDir, port }) {
  const dir = path.join(dataDir, 's3');
  mkdirSync(dir, { recursive: true });
  const part = supervisor.startChild(
    's3',
    path.join(root, 'node_modules', '.bin', 's3rver'),
    ['-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET],
    {
      cwd: root,
      ports: [port],
      env: {},
    },
  );
  return part;
}

/** What every API instance is told about the store: photos at the bucket's root, releases under releases/ (docs/operate-photos.md). */
export function objectStoreEnv({ port, publicBaseUrl }) {
  return {
    PHOTO_STORAGE: 's3',
    PHOTO_S3_BUCKET: BUCKET,
    PHOTO_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    PHOTO_S3_ACCESS_KEY_ID: S3_CREDENTIALS.id,
    PHOTO_S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secret,
    PHOTO_PUBLIC_BASE_URL: publicBaseUrl,
  };
}
