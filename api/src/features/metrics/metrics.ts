import { timingSafeEqual } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, type OpenMetricsContentType, Registry, collectDefaultMetrics } from 'prom-client';
import { currentTraceId } from '@usedcars/shared-contract/tracing';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** Where /metrics is served (docs/operations.md, "Metrics"): nowhere unless one of them is set. */
export interface MetricsSettings {
  /** A listener of its own for the scraper only; 0 or undefined for none. */
  port?: number;
  host: string;
  /** /metrics on the public port too, for a bearer of this token. */
  token?: string;
}

export const defaultMetricsSettings: MetricsSettings = { host: '127.0.0.1' };

/** OpenMetrics, the text format that carries exemplars: set before a histogram with exemplars joins the registry. */
function openMetricsRegistry(): Registry<OpenMetricsContentType> {
  const registry = new Registry<OpenMetricsContentType>();
  registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  return registry;
}

/** Request durations in seconds: most API calls take a few ms, photo uploads seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The API's own numbers, in a registry of its own (never prom-client's global one), one per app. */
export class ApiMetrics {
  /** docs/operations.md, "Traces". */
  readonly registry = openMetricsRegistry();
  /** A traced request's duration names its trace (the exemplar's trace_id). */
  readonly requestDuration = new Histogram<'method' | 'route' | 'status' | 'trace_id'>({
    name: 'http_request_duration_seconds',
    help: 'API requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
    enableExemplars: true,
  });
  readonly writeLimitRefusals = new Counter({
    name: 'write_limit_refusals_total',
    help: 'Writes refused with a 429 because the subject used up its allowance, by kind of write',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });
  readonly telemetryBatches = new Counter({
    name: 'telemetry_batches_total',
    help: 'POST /telemetry batches, by outcome (accepted, refused with why)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly telemetryDropped = new Counter({
    name: 'telemetry_events_dropped_total',
    help: 'Telemetry events taken in but not counted, by why (no_token, bad_token, expired, not_in_token, unregistered, used_up, full)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor({ db, pool }: { db: Db; pool?: pg.Pool }) {
    collectDefaultMetrics({ register: this.registry });
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'node-postgres pool connections: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    new Gauge({
      name: 'mail_outbox_depth',
      help: 'Alert mails not sent yet (due or waiting for a retry)',
      registers: [this.registry],
      // One count on a partial index, on each scrape only.
      async collect() {
        const [row] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(isNull(mailOutbox.sentAt));
        this.set(row?.count ?? 0);
      },
    });
  }
}

/** Compared in constant time, so the token cannot be guessed a character at a time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** Times every request under its route pattern (never the raw address: one series per route, not per car). */
export function registerRequestTiming(app: FastifyInstance, metrics: ApiMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const traceId = currentTraceId();
    metrics.requestDuration.observe({
      labels: { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      value: reply.elapsedTime / 1000,
      exemplarLabels: traceId ? { trace_id: traceId } : {},
    });
    done();
  });
}

/** The scraper's own listener: /metrics and nothing else. */
export function metricsServer(registry: Registry<OpenMetricsContentType>): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return server;
}
