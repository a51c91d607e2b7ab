import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type OpenMetricsContentType, Registry, collectDefaultMetrics } from 'prom-client';
import { currentTraceId } from '@usedcars/shared-contract/tracing';
import { RemoteUnavailable } from '@usedcars/federation/server';
import { QueueFull } from '../render/renderQueue';
import { NotServerRendered } from '../render/render';
import { RenderFailed } from '../render/renderMarkup';
import { SessionLookupFailed } from '../session/session';
import type { PurgeOutcome } from '../cache/sharedCache';

/** How a page was served: rendered here, or left for the browser (and why). */
export type PageOutcome = 'rendered' | 'browser';
/** The page cache's part: hit/stale (no render), miss (rendered and cached), bypass (a signed-in request), none (cache off). */
export type CacheOutcome = 'hit' | 'stale' | 'miss' | 'bypass' | 'none';

export interface PageServed {
  remote: string;
  release: string;
  outcome: PageOutcome;
  /** Why the page was left for the browser ('' when rendered). */
  reason: string;
  cache: CacheOutcome;
  /** The render's own time; absent when none ran (a cache hit). */
  seconds?: number;
  /** A screen that threw while rendering (reason render_failed): the screen and what it threw, for the API's error groups. */
  failure?: { screen: string; thrown: unknown };
}

/** Why a render gave up, as a label: a few fixed words, never the message (one series each). */
export function fallbackReason(error: unknown): string {
  if (error instanceof QueueFull) return 'queue_full';
  if (error instanceof NotServerRendered) return 'browser_only';
  if (error instanceof RemoteUnavailable) return 'remote_unavailable';
  if (error instanceof RenderFailed) return 'render_failed';
  if (error instanceof SessionLookupFailed) return 'session_unanswered';
  if (error instanceof Error && /budget/.test(error.message)) return 'budget';
  return 'error';
}

/** OpenMetrics, the text format that carries exemplars: set before a histogram with exemplars joins the registry. */
function openMetricsRegistry(): Registry<OpenMetricsContentType> {
  const registry = new Registry<OpenMetricsContentType>();
  registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  return registry;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5];

/**
 * The render server's numbers (docs/operations.md, "Metrics"), in a registry of its own. With
 * several workers each keeps its own and the primary adds them up (workers.ts).
 */
export class RenderMetrics {
  /** docs/operations.md, "Traces". */
  readonly registry = openMetricsRegistry();
  /** A traced request's duration names its trace (the exemplar's trace_id); several workers' sum carries none. */
  private readonly requests = new Histogram<'kind' | 'status' | 'trace_id'>({
    name: 'http_request_duration_seconds',
    help: 'Render server requests by kind (page, file, other) and status',
    labelNames: ['kind', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
    enableExemplars: true,
  });
  private readonly pages = new Counter({
    name: 'render_pages_total',
    help: 'Pages by remote and release of their screen, outcome (rendered, browser), why left for the browser, and page cache outcome',
    labelNames: ['remote', 'release', 'outcome', 'reason', 'cache'] as const,
    registers: [this.registry],
  });
  private readonly renderSeconds = new Histogram({
    name: 'render_duration_seconds',
    help: 'Time spent rendering a page (queue wait included), by remote, release and outcome',
    labelNames: ['remote', 'release', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly remoteFailures = new Counter({
    name: 'remote_load_failures_total',
    help: "Renders that could not have a remote's manifest or server build",
    labelNames: ['remote'] as const,
    registers: [this.registry],
  });
  private readonly purges = new Counter({
    name: 'shared_cache_purges_total',
    help: 'Purges of the shared cache in front: sent (taken), refused (an error status) or failed (not reached)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly listeners: Array<(page: PageServed) => void> = [];

  constructor({ defaults = true }: { defaults?: boolean } = {}) {
    if (defaults) collectDefaultMetrics({ register: this.registry });
  }

  /** Another place each served page goes (the health numbers sent to the API: telemetryReporter.ts). */
  onPage(listener: (page: PageServed) => void): void {
    this.listeners.push(listener);
  }

  page(served: PageServed): void {
    const { remote, release, outcome, reason, cache, seconds } = served;
    this.pages.inc({ remote, release, outcome, reason, cache });
    if (seconds !== undefined) this.renderSeconds.observe({ remote, release, outcome }, seconds);
    for (const listener of this.listeners) listener(served);
  }

  purge(outcome: PurgeOutcome): void {
    this.purges.inc({ outcome });
  }

  remoteFailed(remote: string): void {
    this.remoteFailures.inc({ remote });
  }

  request(kind: 'page' | 'file' | 'other', status: number, seconds: number): void {
    const traceId = currentTraceId();
    this.requests.observe({ labels: { kind, status: String(status) }, value: seconds, exemplarLabels: traceId ? { trace_id: traceId } : {} });
  }
}

/** Compared in constant time, so the token cannot be guessed a character at a time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** GET /metrics on the public port for the token's bearer; a plain 404, as for any missing file, for everyone else. */
export function registerTokenMetrics(app: FastifyInstance, token: string, text: () => Promise<{ contentType: string; body: string }>): void {
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const { contentType, body } = await text();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}
