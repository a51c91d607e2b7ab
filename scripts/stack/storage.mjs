/** The stack's data: a throwaway PostgreSQL 15 and an S3-compatible store (s3rver) with the bucket `usedcars`. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartFailedError } from '../site/supervisor.mjs';

export const BUCKET = 'usedcars';
/** s3rver checks every signature against its one account. */
const S3_CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };

const pgScript = (root) => path.join(root, 'scripts', 'pg-throwaway.sh');
/** Where scripts/pg-throwaway.sh keeps the cluster of a port. */
const pgDir = (port) => path.join(process.env.TMPDIR || os.tmpdir(), `usedcars-pg-${port}`);

/**
 * PostgreSQL as the tests start it (scripts/pg-throwaway.sh), but with synchronous commits: an acknowledged
 * write outlives a crash of the server. It runs as a daemon of its own; the stack stops it last.
 * @returns {{ url: string, pid: number }}
 */
export function startPostgres(supervisor, record, { root, port }) {
  const started = spawnSync('bash', [pgScript(root), 'start', String(port)], {
    encoding: 'utf8',
    env: { ...process.env, PG_EXTRA_OPTIONS: '-c synchronous_commit=on -c max_connections=300' },
  });
  if (started.status !== 0) throw new StartFailedError('PostgreSQL', `did not start:\n${started.stderr}`);
  const url = started.stdout.trim().split('\n').pop();
  const pid = Number(readFileSync(path.join(pgDir(port), 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  // SIGINT is PostgreSQL's fast shutdown, for a start after a crash of the launcher.
  record.add({ name: 'postgres', pid, ports: [port], stopSignal: 'SIGINT', graceMs: 10_000 });
  supervisor.onStop(async () => void spawnSync('bash', [pgScript(root), 'stop', String(port)], { stdio: 'ignore' }));
  return { url, pid };
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

/** What every API copy is told about the store: photos at the bucket's root, releases under releases/ (docs/operate-photos.md). */
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
