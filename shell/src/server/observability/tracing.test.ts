/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildRenderServer } from '../app';
import { RenderMetrics } from './metrics';
import { smallBuild } from '../smallBuild.fixture';
import { startRenderTracing } from './tracing';

/** docs/operations.md, "Traces": the render server traces only when an OTLP endpoint is set, and its pages name their trace. */

/** A page the shell renders itself (the catalog of the small build is down). */
const PAGE = '/no/such/page';
/** Nothing listens there: nothing can be sent from jest (below). */
const endpoint = 'http://127.0.0.1:9';

describe('tracing in the render server', () => {
  let dir: string;

  beforeAll(() => {
    dir = smallBuild();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (): Promise<{ app: FastifyInstance; base: string }> => {
    const app = await buildRenderServer({ distDir: dir, budgetMs: 2_000, logLevel: false, metrics: new RenderMetrics({ defaults: false }) });
    return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };

  it('starts nothing without an endpoint, and the page names no trace', async () => {
    expect(await startRenderTracing(dir, {})).toBeNull();
    const { app, base } = await serve();
    try {
      const response = await fetch(`${base}${PAGE}`, {
        headers: { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('server-timing')).toMatch(/^render;dur=/);
      expect(response.headers.get('server-timing')).not.toContain('trace;');
    } finally {
      await app.close();
    }
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT, continues the traceparent it is sent and names that trace in Server-Timing, unless it came not sampled', async () => {
    const tracing = await startRenderTracing(dir, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, DEPLOYMENT_ENVIRONMENT: 'test' });
    expect(tracing).not.toBeNull();
    const { app, base } = await serve();
    const traceId = randomBytes(16).toString('hex');
    try {
      const response = await fetch(`${base}${PAGE}`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
      await response.text();
      expect(response.headers.get('server-timing')).toMatch(new RegExp(`^render;dur=[0-9.]+, trace;desc="${traceId}"$`));
      // One its sender left out of the sample: no backend will have that trace, so the page names none.
      const unsampled = await fetch(`${base}${PAGE}`, {
        headers: { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00` },
      });
      await unsampled.text();
      expect(unsampled.headers.get('server-timing')).toMatch(/^render;dur=[0-9.]+$/);
    } finally {
      await app.close();
      // Jest's module sandbox refuses the exporter's own dynamic import of node:http, so nothing is sent from here:
      // the spans, their release and environment reach a receiver in e2e/stack/traces.spec.ts.
      await tracing!.shutdown().catch((error: { code?: string }) => expect(error.code).toBe('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG'));
    }
  });
});
