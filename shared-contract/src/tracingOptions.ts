// docs/operations.md, "Traces": what a process asks the tracing SDK for.

/** What each process instruments: its incoming requests (Fastify, Node's http), its fetch calls (undici), its SQL (pg). */
export type Instrumented = 'fastify' | 'http' | 'undici' | 'pg';

export interface TracingOptions {
  /** service.name: usedcars-render, usedcars-api. */
  service: string;
  /** service.version: the release this process runs. */
  release: string;
  instrument: readonly Instrumented[];
  /** Requests no one needs a trace of (health checks, scrapes), by path. */
  ignorePaths?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

/** The running SDK: flushes and stops it. */
export interface Tracing {
  shutdown: () => Promise<void>;
}
