import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** docs/operations.md, "Traces": with no OTLP endpoint set, the API's start loads nothing of the SDK. */

const run = promisify(execFile);
const API_DIR = path.resolve(__dirname, '..', '..');

/**
 * The API's tracing start in a process of its own, as server.ts calls it: whether it started, and which files of the
 * SDK and its instrumentations Node loaded (the API package, whose spans are no-ops without an SDK, is not one).
 */
async function startIn(env: Record<string, string>): Promise<{ started: boolean; loaded: string[] }> {
  const script = `require('./src/tracing/tracing.ts').startApiTracing(process.env).then(async (tracing) => {
    const loaded = Object.keys(require.cache).filter((file) => /@opentelemetry[\\\\/](?!api[\\\\/])|@fastify[\\\\/]otel/.test(file));
    await tracing?.shutdown();
    console.log(JSON.stringify({ started: tracing !== null, loaded }));
  });`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { cwd: API_DIR, env: { ...clean, ...env } });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { started: boolean; loaded: string[] };
}

describe('the API’s tracing start', () => {
  it('loads nothing of the SDK when no endpoint is set', async () => {
    expect(await startIn({})).toEqual({ started: false, loaded: [] });
  });

  it('loads nothing either when the SDK is switched off with the standard variable', async () => {
    expect(await startIn({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SDK_DISABLED: 'true' })).toEqual({ started: false, loaded: [] });
  });

  it('starts the SDK with its Fastify, http and pg instrumentations once an endpoint is set', async () => {
    const { started, loaded } = await startIn({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(started).toBe(true);
    for (const part of ['sdk-node', 'instrumentation-pg', 'instrumentation-http', 'exporter-trace-otlp-http'])
      expect(loaded.some((file) => file.includes(`@opentelemetry/${part}/`))).toBe(true);
    expect(loaded.some((file) => /@fastify[\\/]otel/.test(file))).toBe(true);
  });
});
