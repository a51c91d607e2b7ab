import { parseModuleId } from '@usedcars/shared-contract';
import type { RemoteErrorHandler } from '@usedcars/federation';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { releasesNamedIn } from '@usedcars/shared-contract/page-token';
import type { Collector, EarlyEvent, PageTags } from '../features/telemetry/collector';
import { screensAt } from './routes';

export function screenOf(pathname: string): { screen: string; remote: string } {
  const leaf = screensAt(pathname).at(-1);
  if (!leaf) return { screen: 'unknown', remote: 'shell' };
  return 'module' in leaf ? { screen: leaf.module, remote: parseModuleId(leaf.module).remote } : { screen: leaf.shell, remote: 'shell' };
}

/** None where the browser does not show Server-Timing (outside a secure context). */
function servedToken(): string | undefined {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const timing = (navigation as PerformanceNavigationTiming | undefined)?.serverTiming ?? [];
  return timing.find((entry) => entry.name === 'telemetry')?.description || undefined;
}

export interface PageTelemetry {
  onRegistered: (remote: string, release: string) => void;
  onRemoteError: RemoteErrorHandler;
  viewed: (pathname: string) => void;
  startWhenIdle: (config: RuntimeConfig) => void;
}

/** Only the noting is in the first script; the rest loads once the page is idle. */
export function pageTelemetry(): PageTelemetry {
  const token = servedToken();
  // The releases the page was served with, as the render server named them; a remote that registers tells its own.
  const releases = new Map(Object.entries(releasesNamedIn(token ?? '')));
  const early: EarlyEvent[] = [];
  let collector: Collector | null = null;
  let current: PageTags = { screen: 'unknown', remote: 'shell', release: 'unknown' };
  const tagsOf = (pathname: string): PageTags => {
    const { screen, remote } = screenOf(pathname);
    return { screen, remote, release: releases.get(remote) ?? 'unknown' };
  };
  const note = (event: EarlyEvent) => {
    if (collector) collector.take(event);
    else if (early.length < 50) early.push(event);
  };
  // What was thrown goes with the event: its words are read by the reporting chunk, not here.
  const onError = (event: ErrorEvent) => note({ type: 'error', kind: 'unhandled', tags: current, error: event.error ?? event.message });
  const onRejection = (event: PromiseRejectionEvent) => note({ type: 'error', kind: 'rejection', tags: current, error: event.reason });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  return {
    onRegistered: (remote, release) => void releases.set(remote, release),
    // The screen whose module failed: a navigation's new screen throws before it is noted as shown.
    onRemoteError: ({ remote, module, kind, error }) =>
      note({ type: 'error', kind, error, tags: { screen: module, remote, release: releases.get(remote) ?? 'unknown' } }),
    viewed: (pathname) => {
      const next = tagsOf(pathname);
      if (next.screen === current.screen) return;
      current = next;
      note({ type: 'view', tags: next });
    },
    startWhenIdle: (config) => {
      const sample = config.telemetrySample ?? 1;
      // Sampled per page load: an unsampled page loads no reporting code at all, nor does one whose reports would not count.
      if (!token || Math.random() >= sample) {
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
        return;
      }
      const start = () =>
        void import(/* webpackChunkName: "telemetry" */ '../features/telemetry/collector').then(({ startCollector }) => {
          // The release known now: a view noted before its remote registered goes out with it.
          const withRelease = (tags: PageTags): PageTags => (tags.release === 'unknown' ? { ...tags, release: releases.get(tags.remote) ?? 'unknown' } : tags);
          collector = startCollector({
            apiUrl: config.apiUrl,
            token,
            current: () => withRelease(current),
            landing: withRelease(current),
            releaseOf: (remote) => releases.get(remote),
          });
          for (const event of early.splice(0)) collector.take({ ...event, tags: withRelease(event.tags) });
        });
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
      else setTimeout(start, 2_000);
    },
  };
}
