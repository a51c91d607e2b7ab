import { errorDetails } from '@usedcars/shared-contract/error-details';
import { TELEMETRY_MAX_BYTES, type TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import type { PageServed, RenderMetrics } from './metrics';
import type { ServedCount } from './pageTokens';

export interface RenderReportOptions {
  metrics: RenderMetrics;
  /** The pages sent with a telemetry token per release since the last send (pageTokens.ts). */
  tokens?: { takeServed: () => ServedCount[] };
  /** The API's address, read at each send (config.json's apiUrl). */
  apiUrl: () => string;
  /** The render servers' token (TELEMETRY_TOKEN), the same on the API. */
  token: string;
  everyMs?: number;
  log: (message: string) => void;
}

const BATCH = 50;
/** Kinds of render error kept per send at most: a page that fails for every visitor is one kind, counted. */
const ERROR_KINDS_PER_SEND = 20;

type RenderEvent = Extract<TelemetryEvent, { type: 'render' }>;
type RenderErrorEvent = Extract<TelemetryEvent, { type: 'render_error' }>;

/** The events in batches the API takes: at most 50, and within its size limit. */
function batchesOf(events: readonly TelemetryEvent[]): TelemetryEvent[][] {
  const batches: TelemetryEvent[][] = [];
  let batch: TelemetryEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = JSON.stringify(event).length + 1;
    if (batch.length === BATCH || (batch.length > 0 && bytes + size > TELEMETRY_MAX_BYTES - 64)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Sends the API this worker's renders every few seconds, added up per remote, release and
 * outcome (docs/releases.md, "What each number means"): the release's render fallback rate, and
 * the words of each screen that threw while rendering (docs/releases.md, "Errors").
 * Pages served from the page cache were not rendered and are not counted as renders, but every
 * page sent with a telemetry token counts as served for each release its token names: what the
 * pages of a release report never counts past that. A send that fails is dropped: these are
 * health numbers, and the render server never waits for them.
 */
export function reportRenders({ metrics, tokens, apiUrl, token, everyMs = 5_000, log }: RenderReportOptions): () => Promise<void> {
  let pending = new Map<string, { event: RenderEvent; totalMs: number }>();
  let renderErrors = new Map<string, RenderErrorEvent>();
  let failing = false;
  metrics.onPage((page: PageServed) => {
    if (page.failure) noteRenderError(page, page.failure);
    if (page.seconds === undefined || page.cache === 'hit' || page.cache === 'stale') return;
    const key = `${page.remote}|${page.release}|${page.outcome}|${page.reason}`;
    const entry = pending.get(key) ?? {
      event: { type: 'render', remote: page.remote, release: page.release, outcome: page.outcome, reason: page.reason, count: 0, ms: 0 },
      totalMs: 0,
    };
    entry.event.count += 1;
    entry.totalMs += page.seconds * 1000;
    pending.set(key, entry);
  });

  /** A screen that threw while rendering, with its words, added up with the same ones until the next send. */
  function noteRenderError(page: PageServed, { screen, thrown }: NonNullable<PageServed['failure']>) {
    const { message, frames } = errorDetails(thrown);
    const key = [page.remote, page.release, screen, message, frames[0]?.file, frames[0]?.fn].join('\n');
    const known = renderErrors.get(key);
    if (known) known.count += 1;
    else if (renderErrors.size < ERROR_KINDS_PER_SEND)
      renderErrors.set(key, { type: 'render_error', count: 1, message, frames, screen, remote: page.remote, release: page.release });
  }

  const send = async () => {
    const events: TelemetryEvent[] = [...pending.values()].map(({ event, totalMs }) => ({
      ...event,
      ms: Math.min(600_000, Math.round(totalMs / event.count)),
    }));
    pending = new Map();
    for (const { remote, release, count } of tokens?.takeServed() ?? []) events.push({ type: 'served', remote, release, count });
    events.push(...renderErrors.values());
    renderErrors = new Map();
    for (const batch of batchesOf(events)) {
      try {
        const response = await fetch(`${apiUrl()}/telemetry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ events: batch }),
          signal: AbortSignal.timeout(2_000),
        });
        if (!response.ok) throw new Error(`the API responded ${response.status}`);
        failing = false;
      } catch (error) {
        // Once per run of failures, not once per send.
        if (!failing) log(`render counts could not be sent to the API: ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
      }
    }
  };
  const timer = setInterval(() => void send(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await send();
  };
}
