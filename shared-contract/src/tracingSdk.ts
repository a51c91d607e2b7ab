import { createRequire } from 'node:module';
import path from 'node:path';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Instrumented, Tracing, TracingOptions } from './tracingOptions';

/** Loaded only by startTracing, once an endpoint is set (tracing.ts). */

const LOADED_BEFORE: Record<Instrumented, readonly string[]> = { fastify: [], undici: [], http: ['node:http', 'node:https'], pg: ['pg'] };

async function instrumentation(name: Instrumented, ignored: (path: string) => boolean): Promise<Instrumentation> {
  const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';
  switch (name) {
    case 'fastify': {
      const { FastifyOtelInstrumentation } = await import('@fastify/otel');
      // Every Fastify instance made from now on, without a line in the app (docs/operations.md, "Traces").
      return new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: ({ url }) => ignored(url) });
    }
    case 'http': {
      const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
      // Outgoing calls only inside a traced request: no trace of its own for each poll or report made in the background.
      return new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => ignored(pathOf(request.url)), requireParentforOutgoingSpans: true });
    }
    case 'undici': {
      const { UndiciInstrumentation } = await import('@opentelemetry/instrumentation-undici');
      return new UndiciInstrumentation({ requireParentforSpans: true });
    }
    case 'pg': {
      const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
      // The traceparent in a comment: PostgreSQL's log and pg_stat_statements lead back to the trace. Only statements
      // of a traced request: the background work's polling would be a trace of its own every second.
      return new PgInstrumentation({ addSqlCommenterCommentToQueries: true, requireParentSpan: true });
    }
  }
}

/** The standard variables' meaning: the traces' own endpoint as it is, or the general one with /v1/traces. */
function tracesUrl(env: NodeJS.ProcessEnv): string {
  const own = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  return own || `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/+$/, '')}/v1/traces`;
}

export async function startSdk({ service, release, instrument, ignorePaths = [], env = process.env }: TracingOptions): Promise<Tracing> {
  const ignored = (url: string) => ignorePaths.includes(url);
  const environment = env.DEPLOYMENT_ENVIRONMENT?.trim() || (env.NODE_ENV === 'production' ? 'production' : 'development');
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || service,
      [ATTR_SERVICE_VERSION]: release,
      // Both names: the current semantic conventions' and the one X-Ray and older backends group by.
      'deployment.environment.name': environment,
      'deployment.environment': environment,
    }),
    // OTLP over HTTP, JSON; the exporter reads the other standard variables (headers, timeout, compression).
    traceExporter: new OTLPTraceExporter({ url: tracesUrl(env) }),
    instrumentations: await Promise.all(instrument.map((name) => instrumentation(name, ignored))),
    // Traces only: the metrics are Prometheus's (docs/operations.md, "Metrics"), the logs the process's own.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // An instrumentation patches a module when it is required; those this process loaded before are required again.
  const again = createRequire(path.join(process.cwd(), 'index.js'));
  for (const name of instrument.flatMap((part) => LOADED_BEFORE[part])) {
    try {
      again(name);
    } catch {
      // Not installed where this process runs: then it has not loaded it either, and nothing needs patching.
    }
  }
  return { shutdown: () => sdk.shutdown() };
}
