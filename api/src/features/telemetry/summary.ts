import { and, asc, eq, gte } from 'drizzle-orm';
import { withinServed } from '@usedcars/shared-contract/page-token';
import type { ErrorGroup, ReleaseHealth, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { telemetryMinutes } from '../../db/schema';
import { topErrorGroups } from './error-summary';
import { addBuckets, emptyBuckets, quantile } from './histogram';
import type { SourceMaps } from './source-maps';

type Row = typeof telemetryMinutes.$inferSelect;

const BY_DESIGN = 'browser_only';

const round = (value: number | null, digits = 0) => (value === null ? null : Number(value.toFixed(digits)));
const ratio = (part: number, whole: number) => (whole === 0 ? null : Number((part / whole).toFixed(4)));

/** Counts and merged histograms of a set of rows (a release's window, or one of its minutes). */
function totals(rows: readonly Row[]) {
  let pageViews = 0;
  let errors = 0;
  let renders = 0;
  let renderFallbacks = 0;
  let served = 0;
  const errorsByKind: Record<string, number> = {};
  const fallbacksByReason: Record<string, number> = {};
  const histograms = new Map<string, number[]>();
  for (const row of rows) {
    if (row.metric === 'view') pageViews += row.count;
    else if (row.metric === 'served') served += row.count;
    else if (row.metric.startsWith('error:')) {
      errors += row.count;
      const kind = row.metric.slice('error:'.length);
      errorsByKind[kind] = (errorsByKind[kind] ?? 0) + row.count;
    } else if (row.metric.startsWith('render:')) {
      const reason = row.metric.startsWith('render:browser:') ? row.metric.slice('render:browser:'.length) : null;
      if (reason !== null) fallbacksByReason[reason] = (fallbacksByReason[reason] ?? 0) + row.count;
      // A screen rendered in the browser by design is neither a render nor a fallback (docs/releases.md, "What each number means").
      if (reason !== BY_DESIGN) {
        renders += row.count;
        if (reason !== null) renderFallbacks += row.count;
      }
    }
    if (row.buckets) {
      const name = row.metric.startsWith('render:') ? 'render' : row.metric;
      const merged = histograms.get(name) ?? emptyBuckets();
      addBuckets(merged, row.buckets);
      histograms.set(name, merged);
    }
  }
  const p75 = (name: string) => quantile(histograms.get(name) ?? [], 0.75);
  return { pageViews, errors, renders, renderFallbacks, served, errorsByKind, fallbacksByReason, p75 };
}

function releaseHealth(release: string, rows: readonly Row[], errorGroups: ErrorGroup[]): ReleaseHealth {
  const all = totals(rows);
  // The window's pages served bound what its pages may have reported (docs/releases.md, "What is trusted and why").
  const { views, errors } = withinServed({ views: all.pageViews, errors: all.errors }, all.served);
  const byMinute = new Map<number, Row[]>();
  for (const row of rows) byMinute.set(row.minute.getTime(), [...(byMinute.get(row.minute.getTime()) ?? []), row]);
  const cls = all.p75('CLS');
  return {
    release,
    pageViews: views,
    errors,
    errorRate: ratio(errors, views),
    errorsByKind: all.errorsByKind,
    lcpP75: round(all.p75('LCP')),
    inpP75: round(all.p75('INP')),
    clsP75: cls === null ? null : round(cls / 1000, 3),
    ttfbP75: round(all.p75('TTFB')),
    renders: all.renders,
    renderFallbacks: all.renderFallbacks,
    renderFallbackRate: ratio(all.renderFallbacks, all.renders),
    fallbacksByReason: all.fallbacksByReason,
    renderP75Ms: round(all.p75('render')),
    pagesServed: all.served,
    minutes: [...byMinute].map(([minute, minuteRows]) => {
      const one = totals(minuteRows);
      return {
        minute: new Date(minute).toISOString(),
        pageViews: one.pageViews,
        errors: one.errors,
        renders: one.renders,
        renderFallbacks: one.renderFallbacks,
        lcpP75: round(one.p75('LCP')),
      };
    }),
    errorGroups,
  };
}

/** Each release of a remote seen since `since`, most page views first, with its per-minute series and its top error groups. */
export async function telemetrySummary(db: Db, sourceMaps: SourceMaps, remote: string, since: Date): Promise<TelemetrySummary> {
  const rows = await db
    .select()
    .from(telemetryMinutes)
    .where(and(eq(telemetryMinutes.remote, remote), gte(telemetryMinutes.minute, since)))
    .orderBy(asc(telemetryMinutes.minute));
  const byRelease = new Map<string, Row[]>();
  for (const row of rows) byRelease.set(row.release, [...(byRelease.get(row.release) ?? []), row]);
  const groups = await topErrorGroups(db, sourceMaps, remote, since);
  const releases = [...byRelease].map(([release, releaseRows]) => releaseHealth(release, releaseRows, groups.get(release) ?? []));
  releases.sort((a, b) => b.pageViews + b.renders - (a.pageViews + a.renders));
  return { remote, since: since.toISOString(), releases };
}
