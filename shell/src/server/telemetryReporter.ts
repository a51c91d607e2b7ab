import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
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

type RenderEvent = Extract<TelemetryEvent, { type: 'render' }>;

/**
 * Sends the API this worker's renders every few seconds, added up per remote, release and
 * outcome (docs/releases.md, "What each number means"): the release's render fallback rate.
 * Pages served from the page cache were not rendered and are not counted as renders, but every
 * page sent with a telemetry token counts as served for each release its token names: what the
 * pages of a release report never counts past that. A send that fails is dropped: these are
 * health numbers, and the render server never waits for them.
 */
export function reportRenders({ metrics, tokens, apiUrl, token, everyMs = 5_000, log }: RenderReportOptions): () => Promise<void> {
  let pending = new Map<string, { event: RenderEvent; totalMs: number }>();
  let failing = false;
  metrics.onPage((page: PageServed) => {
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

  const send = async () => {
    const events: TelemetryEvent[] = [...pending.values()].map(({ event, totalMs }) => ({
      ...event,
      ms: Math.min(600_000, Math.round(totalMs / event.count)),
    }));
    pending = new Map();
    for (const { remote, release, count } of tokens?.takeServed() ?? []) events.push({ type: 'served', remote, release, count });
    for (let at = 0; at < events.length; at += BATCH) {
      try {
        const response = await fetch(`${apiUrl()}/telemetry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ events: events.slice(at, at + BATCH) }),
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
