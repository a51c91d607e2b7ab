import { TraceFlags, isSpanContextValid, trace } from '@opentelemetry/api';

// docs/operations.md, "Traces": the render servers and the API trace only when told where to send them.

export type { Instrumented, Tracing, TracingOptions } from './tracingOptions';
import type { Tracing, TracingOptions } from './tracingOptions';

/** The standard variables: an OTLP endpoint for traces, and the SDK not switched off. */
function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER?.trim() !== 'none';
}

/**
 * Called once at the start of a process, before it listens. With no endpoint set nothing of the SDK is even
 * loaded (the import below is never reached), so tracing costs nothing; spans made through @opentelemetry/api
 * are then no-ops.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | null> {
  if (!tracingWanted(options.env)) return null;
  const { startSdk } = await import('./tracingSdk');
  return startSdk(options);
}

/**
 * The trace of the request being served, when it is traced: a page's Server-Timing and a duration's exemplar name it.
 * A request the sampler left out has a trace id too, but no backend ever receives it: that one is not named.
 */
export function currentTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) && (context.traceFlags & TraceFlags.SAMPLED) !== 0 ? context.traceId : undefined;
}
