import { Counter, Histogram, type OpenMetricsContentType, type Registry } from 'prom-client';
import { ERROR_KINDS, type PageEvent, type VitalName } from '@usedcars/shared-contract/telemetry';

/** Distinct releases (per remote) with series at once: a new one past it takes the place of the one seen first. */
export const BROWSER_RELEASES_KEPT = 20;

const SECONDS_BUCKETS = [0.1, 0.25, 0.5, 0.8, 1, 1.5, 2, 2.5, 3, 4, 5, 8, 10];
const INP_BUCKETS = [0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2];
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

const labelNames = ['remote', 'release'] as const;

/**
 * What pages reported, as Prometheus series (docs/operations.md, "Metrics"): page views, errors by
 * kind and Web Vitals histograms per remote and release. Only events the API counted come here, so
 * `remote` is one of the site's and `release` one the registry holds or a baseline set's build a
 * render server named; and no more than BROWSER_RELEASES_KEPT releases have series at once.
 */
export class BrowserMetrics {
  private readonly views: Counter<'remote' | 'release'>;
  private readonly errors: Counter<'remote' | 'release' | 'kind'>;
  private readonly vitals: Record<VitalName, Histogram<'remote' | 'release'>>;
  /** The releases with series, the one seen first first. */
  private readonly releases = new Map<string, { remote: string; release: string }>();

  constructor(
    registry: Registry<OpenMetricsContentType>,
    private readonly kept = BROWSER_RELEASES_KEPT,
  ) {
    const registers = [registry];
    this.views = new Counter({ name: 'browser_page_views_total', help: 'Screens shown in pages, by remote and release', labelNames, registers });
    this.errors = new Counter({
      name: 'browser_errors_total',
      help: 'Errors pages reported, by remote, release and kind (boundary, load, unhandled, rejection)',
      labelNames: [...labelNames, 'kind'] as const,
      registers,
    });
    const histogram = (name: string, help: string, buckets: number[]) => new Histogram({ name, help, labelNames, buckets, registers });
    this.vitals = {
      LCP: histogram('browser_lcp_seconds', 'Largest Contentful Paint of the screen landed on', SECONDS_BUCKETS),
      INP: histogram('browser_inp_seconds', 'Interaction to Next Paint', INP_BUCKETS),
      TTFB: histogram('browser_ttfb_seconds', 'Time to First Byte of the page landed on', SECONDS_BUCKETS),
      CLS: histogram('browser_cls', 'Cumulative Layout Shift (a score)', CLS_BUCKETS),
    };
  }

  /** Counts what the API counted of a page's events. */
  count(events: readonly PageEvent[]): void {
    for (const event of events) {
      const labels = this.labelsOf(event);
      if (event.type === 'view') this.views.inc(labels);
      else if (event.type === 'error') this.errors.inc({ ...labels, kind: event.kind });
      else this.vitals[event.name].observe(labels, event.name === 'CLS' ? event.value : event.value / 1000);
    }
  }

  private labelsOf({ remote, release }: { remote: string; release: string }) {
    const key = `${remote}|${release}`;
    if (!this.releases.has(key)) {
      if (this.releases.size >= this.kept) this.forget(this.releases.keys().next().value!);
      this.releases.set(key, { remote, release });
    }
    return { remote, release };
  }

  private forget(key: string): void {
    const labels = this.releases.get(key)!;
    this.releases.delete(key);
    this.views.remove(labels);
    for (const kind of ERROR_KINDS) this.errors.remove({ ...labels, kind });
    for (const histogram of Object.values(this.vitals)) histogram.remove(labels);
  }
}
