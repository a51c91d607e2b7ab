import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { errorDetails } from '@usedcars/shared-contract/error-details';
import { PAGE_TOKEN_ALLOWANCE, PAGE_TOKEN_TTL_SECONDS, allowanceOf, type PageAllowance } from '@usedcars/shared-contract/page-token';
import type { ErrorKind, PageEvent, VitalName } from '@usedcars/shared-contract/telemetry';

/** The screen, remote and release an event is counted under. */
export interface PageTags {
  screen: string;
  remote: string;
  release: string;
}

/** What the page noted itself: a screen shown, an error (with what was thrown). */
export type EarlyEvent = { type: 'view'; tags: PageTags } | { type: 'error'; kind: ErrorKind; tags: PageTags; error?: unknown };

export interface Collector {
  take(event: EarlyEvent): void;
}

const MAX_EVENTS = 50;
const MAX_BYTES = 15 * 1024;

/** Sent this long before the page's token stops counting: what was noted until then still counts. */
const BEFORE_EXPIRY_MS = 30_000;

/**
 * Batches the page's views, errors and Web Vitals and sends them with navigator.sendBeacon, with
 * the page's token, when the page is hidden (docs/releases.md): the browser delivers a beacon even
 * as the page goes away, and sending costs the page nothing while it is in use. Leaving the page
 * hides it too (after pagehide, once Web Vitals has noted its last values), so one beacon goes
 * per hiding. As text/plain, so no CORS preflight is needed; the API parses it as JSON. What the
 * token would not count (past its allowance or its lifetime) is not sent at all.
 */
export function startCollector({
  apiUrl,
  token,
  current,
  landing,
  releaseOf,
  servedAt = performance.timeOrigin,
}: {
  apiUrl: string;
  /** The page's telemetry token, from the render server's Server-Timing header. */
  token: string;
  current: () => PageTags;
  landing: PageTags;
  /** A remote's release once it has registered; asked again as a batch is sent. */
  releaseOf: (remote: string) => string | undefined;
  /** When the page was asked for (ms since the epoch): the token counts from about then. */
  servedAt?: number;
}): Collector {
  const queue: PageEvent[] = [];
  const used = new Map<PageAllowance, number>();
  let expired = false;
  const flush = () => {
    // A remote can register after the page noted an event of its screen (the landing view, LCP).
    for (const event of queue) if (event.release === 'unknown') event.release = releaseOf(event.remote) ?? 'unknown';
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_EVENTS);
      let body = JSON.stringify({ token, events: batch });
      while (body.length > MAX_BYTES && batch.length > 1) {
        queue.unshift(...batch.splice(Math.ceil(batch.length / 2)));
        body = JSON.stringify({ token, events: batch });
      }
      navigator.sendBeacon(`${apiUrl}/telemetry`, new Blob([body], { type: 'text/plain' }));
    }
  };
  const push = (event: PageEvent) => {
    const allowance = allowanceOf(event);
    const count = used.get(allowance) ?? 0;
    if (expired || count >= PAGE_TOKEN_ALLOWANCE[allowance]) return;
    used.set(allowance, count + 1);
    queue.push(event);
    if (queue.length >= MAX_EVENTS) flush();
  };
  // LCP and TTFB belong to the page the visitor landed on; CLS and INP to the screen shown when they are reported.
  const vital = (tags: () => PageTags) => (metric: Metric) =>
    push({ type: 'vital', name: metric.name as VitalName, value: Math.min(600_000, Math.max(0, metric.value)), ...tags() });
  onLCP(vital(() => landing));
  onTTFB(vital(() => landing));
  onCLS(vital(current));
  onINP(vital(current));
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  setTimeout(
    () => {
      flush();
      expired = true;
    },
    Math.max(0, servedAt + PAGE_TOKEN_TTL_SECONDS * 1000 - BEFORE_EXPIRY_MS - Date.now()),
  );
  return {
    take: (event) =>
      push(
        event.type === 'view'
          ? { type: 'view', ...event.tags }
          : { type: 'error', kind: event.kind, ...(event.error === undefined ? {} : errorDetails(event.error)), ...event.tags },
      ),
  };
}
