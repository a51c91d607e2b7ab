import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';
import { releaseOf, type PublishedManifest } from '@usedcars/federation/server';
import { type Tracing, startTracing } from '@usedcars/shared-contract/tracing';

// docs/operations.md, "Traces". With no SDK started (no endpoint set) every span below is a no-op.

const tracer = trace.getTracer('usedcars-render');

/** The render server's spans, under its page request's: the SDK's only when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export function startRenderTracing(distDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as PublishedManifest;
  return startTracing({
    service: 'usedcars-render',
    release: releaseOf(manifest),
    instrument: ['http', 'fastify', 'undici'],
    ignorePaths: ['/healthz', '/metrics'],
    env,
  });
}

/** `work` in a span of its own, ended when it settles; what it throws is recorded on it. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
