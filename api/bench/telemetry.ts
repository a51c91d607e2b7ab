/**
 * npm run bench:telemetry -w api
 * POST /telemetry's throughput for a page's batch of 50 errors (docs/releases.md, "Errors"): as
 * pages sent them before errors had words (kind only), and with a message and a frame each
 * (about as much as 50 fit in the 16 KB a batch may be; a page sends 5 errors at most). Every request carries a page token of its own
 * (signed here, as a render server signs one per page), so each counts its 5 errors and drops the
 * rest, as a real page's would. The API runs in a child process (PGlite in memory), so the load
 * does not share its event loop. Then: how long the summary takes to resolve a group's 5 frames
 * through the catalog build's largest source map, the first time (read and parse) and after.
 * BENCH_SECONDS (5) sets each run's length; BENCH_TELEMETRY=plain runs only the batch without words.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
import autocannon from 'autocannon';
import { pageTokenKey, signPageToken } from '@usedcars/shared-contract/telemetry-token';
import { buildApp } from '../src/app';
import { REPO_ROOT, defaultConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { FakeIdentity } from '../src/features/auth/identity';
import { TestGateway } from '../src/features/payments/test-gateway';

const SECRET = 'bench-telemetry-token-0123456789';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const RELEASE = '0.1.0';
const tags = { screen: 'catalog/CarDetailPage', remote: 'catalog', release: RELEASE };

/** The API with the render servers' token, on a port of its own; prints its address. */
async function serve(): Promise<void> {
  const database = openDatabase({});
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    identity: new FakeIdentity(),
    gateway: new TestGateway(database.db),
    config: {
      ...defaultConfig,
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
      logLevel: false,
      telemetry: { ...defaultConfig.telemetry, serverToken: SECRET },
    },
  });
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
}

/** A batch of 50 errors: the kind only, or with a message and a frame each (50 with more words pass the 16 KB a batch may be). */
function errors(words: boolean): object[] {
  return Array.from({ length: 50 }, (_, i) => ({
    type: 'error',
    kind: 'boundary',
    ...(words
      ? {
          message: `Cannot read properties of undefined (reading 'price') in car ${i}`,
          frames: [{ file: `http://localhost:3001/812.4f3a2b1c.js`, line: 1, column: 4521 + i, fn: 'CarPrices' }],
        }
      : {}),
    ...tags,
  }));
}

async function throughput(url: string, words: boolean): Promise<{ rps: number; p99: number; bytes: number; status: number }> {
  const key = pageTokenKey(SECRET);
  const events = errors(words);
  const body = () =>
    JSON.stringify({
      token: signPageToken(key, { releases: { catalog: RELEASE }, baselineSet: ['catalog'], bucket: 0 }, Math.floor(Date.now() / 1000)),
      events,
    });
  const bytes = body().length;
  const check = await fetch(`${url}/telemetry`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: body() });
  const options = {
    url: `${url}/telemetry`,
    connections: 10,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    requests: [{ method: 'POST', setupRequest: (request: object) => ({ ...request, body: body() }) }],
  };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, bytes, status: check.status };
}

/** The largest .map of the catalog's build: where a group's frames are looked up. */
function largestMap(): { file: string; text: string } {
  const dist = path.join(REPO_ROOT, 'mf-catalog', 'dist');
  const [file] = readdirSync(dist)
    .filter((name) => name.endsWith('.js.map'))
    .sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size);
  if (!file) throw new Error('build mf-catalog first (npm run build -w mf-catalog)');
  return { file, text: readFileSync(path.join(dist, file), 'utf8') };
}

async function resolution(): Promise<void> {
  const { SourceMaps } = await import('../src/features/telemetry/source-maps');
  const { releaseSourceMaps } = await import('../src/db/schema');
  const database = openDatabase({});
  await database.migrate();
  const map = largestMap();
  const version = '0.1.0-0123456789';
  await database.db.insert(releaseSourceMaps).values({ remote: 'catalog', version, path: map.file, map: map.text });
  const base = 'http://127.0.0.1:5000/release-files/';
  const file = `${base}catalog/${version}/${map.file.replace(/\.map$/, '')}`;
  // Five places the map has code for, spread over the file (stacks count columns from 1).
  const lines = decodedMappings(new TraceMap(map.text));
  const line = lines.reduce((longest, segments, at) => (segments.length > (lines[longest]?.length ?? 0) ? at : longest), 0);
  const segments = lines[line]!;
  const frames = [1, 2, 3, 4, 5].map((n) => ({ file, line: line + 1, column: segments[Math.floor((segments.length * n) / 6)]![0] + 1, fn: 'a' }));
  const maps = new SourceMaps(database.db, base);
  let started = performance.now();
  const resolved = await maps.resolve(frames);
  const cold = performance.now() - started;
  const runs = 1_000;
  started = performance.now();
  for (let i = 0; i < runs; i += 1) await maps.resolve(frames);
  const warm = (performance.now() - started) / runs;
  console.log(`\nresolving a group's 5 frames through ${map.file} (${(map.text.length / 1024).toFixed(0)} KB, PGlite):`);
  console.log(`  first time (read and parse the map): ${cold.toFixed(1)} ms; after: ${(warm * 1000).toFixed(0)} µs`);
  console.log(`  e.g. ${JSON.stringify(resolved[0]?.original)}`);
  await database.close();
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`the API exited (${code})`)));
    });
    const plainOnly = process.env.BENCH_TELEMETRY === 'plain';
    console.log(`POST /telemetry, a page's batch of 50 errors, a fresh page token each, 10 connections, ${DURATION_S} s:`);
    // Twice each, in turn, so neither gains from running after the other.
    for (const words of plainOnly ? [false, false] : [false, true, false, true]) {
      const { rps, p99, bytes, status } = await throughput(url, words);
      console.log(`  ${words ? 'with message and a frame' : 'kind only               '}  ${bytes} B  ${status}  ${rps.toFixed(0)} req/s  p99 ${p99} ms`);
    }
  } finally {
    child.kill();
  }
  if (process.env.BENCH_TELEMETRY !== 'plain') await resolution();
}

if (process.argv[2] === '--serve') void serve();
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
