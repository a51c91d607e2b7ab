import { type SQL, and, eq, gte, like, notInArray, sql } from 'drizzle-orm';
import { PAGE_TOKEN_ALLOWANCE } from '@usedcars/shared-contract/page-token';
import type { Db } from '../../db/client';
import { telemetryMinutes, telemetryNetworks } from '../../db/schema';
import { emptyBuckets, quantile } from '../telemetry/histogram';
import type { Measured } from './verdict';

const ratio = (part: number, whole: number) => (whole === 0 ? null : Number((part / whole).toFixed(4)));
const rounded = (value: number | null) => (value === null ? null : Math.round(value));
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Why a page was left for the browser, as the verdict weighs it (docs/releases.md, "The verdict"). */
const BUSY = new Set(['budget', 'queue_full', 'session_unanswered']);
const BY_DESIGN = 'browser_only';

/** Renders per minute: all (screens rendered in the browser by design are none), failed, and left for a busy machine. */
type RenderMinutes = Map<number, { renders: number; failures: number; busy: number }>;

async function renderMinutes(db: Db, where: SQL | undefined): Promise<RenderMinutes> {
  const t = telemetryMinutes;
  const rows = await db
    .select({ minute: t.minute, metric: t.metric, count: sql<number>`sum(${t.count})::int` })
    .from(t)
    .where(and(where, like(t.metric, 'render:%')))
    .groupBy(t.minute, t.metric);
  const minutes: RenderMinutes = new Map();
  for (const { minute, metric, count } of rows) {
    const reason = metric.startsWith('render:browser:') ? metric.slice('render:browser:'.length) : null;
    if (reason === BY_DESIGN) continue;
    const entry = minutes.get(minute.getTime()) ?? { renders: 0, failures: 0, busy: 0 };
    entry.renders += Number(count);
    if (reason !== null && BUSY.has(reason)) entry.busy += Number(count);
    else if (reason !== null) entry.failures += Number(count);
    minutes.set(minute.getTime(), entry);
  }
  return minutes;
}

/** Page views and errors per network (each capped at one visitor's worth an hour), and how many networks stand behind them. */
async function networkCounts(db: Db, where: SQL | undefined) {
  const n = telemetryNetworks;
  const [row] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select
        count(distinct ${n.network})::int as networks,
        (count(distinct ${n.network}) filter (where ${n.errors} > 0))::int as error_networks,
        (count(distinct ${n.network}) filter (where ${n.lcp} > 0))::int as lcp_networks,
        (count(distinct ${n.network}) filter (where ${n.inp} > 0))::int as inp_networks,
        coalesce(sum(${n.views}), 0)::int as views,
        coalesce(sum(${n.errors}), 0)::int as errors,
        coalesce(sum(greatest(${n.views}, least(${n.errors}, 1))), 0)::int as trials,
        coalesce(sum(least(${n.errors}, greatest(${n.views}, 1))), 0)::int as bad
      from ${n} where ${where}`),
  );
  const number = (key: string) => Number(row?.[key] ?? 0);
  return {
    networks: number('networks'),
    errorNetworks: number('error_networks'),
    lcpNetworks: number('lcp_networks'),
    inpNetworks: number('inp_networks'),
    views: number('views'),
    errors: number('errors'),
    trials: number('trials'),
    bad: number('bad'),
  };
}

async function pageTotals(db: Db, where: SQL | undefined) {
  const t = telemetryMinutes;
  const counts = await db
    .select({ metric: t.metric, count: sql<number>`sum(${t.count})::int` })
    .from(t)
    .where(and(where, sql`${t.metric} in ('served', 'LCP', 'INP')`))
    .groupBy(t.metric);
  // The vitals' histograms added up bucket by bucket, in the database: a canary of a week is many rows.
  const buckets = rowsOf<{ metric: string; i: number; n: number }>(
    await db.execute(
      sql`select ${t.metric} as metric, u.i::int as i, sum(u.b)::int as n from ${t}, unnest(${t.buckets}) with ordinality as u(b, i)
          where ${where} and ${t.metric} in ('LCP', 'INP') group by 1, 2`,
    ),
  );
  const count = (metric: string) => Number(counts.find((row) => row.metric === metric)?.count ?? 0);
  const p75 = (metric: string) => {
    const merged = emptyBuckets();
    for (const row of buckets) if (row.metric === metric) merged[Number(row.i) - 1] = Number(row.n);
    return rounded(quantile(merged, 0.75));
  };
  return { served: count('served'), lcpSamples: count('LCP'), inpSamples: count('INP'), lcpP75: p75('LCP'), inpP75: p75('INP') };
}

const sumOf = (minutes: RenderMinutes) =>
  [...minutes.values()].reduce((all, one) => ({ renders: all.renders + one.renders, failures: all.failures + one.failures, busy: all.busy + one.busy }), {
    renders: 0,
    failures: 0,
    busy: 0,
  });

/**
 * The baseline's busy-machine fallbacks over the canary's own minutes: its rate in each minute the
 * canary rendered, weighted by the canary's renders then, so a load that hit both hits both alike.
 */
function busyOverSameMinutes(canary: RenderMinutes, baseline: RenderMinutes): { bad: number; trials: number } {
  let weighted = 0;
  let weights = 0;
  let trials = 0;
  for (const [minute, mine] of canary) {
    const theirs = baseline.get(minute);
    if (!theirs?.renders || !mine.renders) continue;
    weighted += mine.renders * (theirs.busy / theirs.renders);
    weights += mine.renders;
    trials += theirs.renders;
  }
  if (weights === 0) {
    const all = sumOf(baseline);
    return { bad: all.busy, trials: all.renders };
  }
  return { bad: Math.round((weighted / weights) * trials), trials };
}

/** Which releases a side is: one version, or every build but the registered ones (the baseline set's, with no live release). */
export type Releases = { version: string } | { notRegistered: string[] };

const releaseIs = (column: typeof telemetryMinutes.release | typeof telemetryNetworks.release, releases: Releases) =>
  'version' in releases ? eq(column, releases.version) : notInArray(column, releases.notRegistered);

/** Both sides' numbers since the canary started: the render servers' counts, and pages' reports one network one voice. */
export async function measurePair(db: Db, remote: string, since: Date, canary: Releases, baseline: Releases): Promise<[Measured, Measured]> {
  const hour = new Date(since.getTime() - (since.getTime() % 3_600_000));
  const minute = new Date(since.getTime() - (since.getTime() % 60_000));
  const m = telemetryMinutes;
  const n = telemetryNetworks;
  const minutesOf = (releases: Releases) => and(eq(m.remote, remote), releaseIs(m.release, releases), gte(m.minute, minute));
  const networksOf = (releases: Releases) => and(eq(n.remote, remote), releaseIs(n.release, releases), gte(n.hour, hour));
  const [mine, theirs] = await Promise.all([renderMinutes(db, minutesOf(canary)), renderMinutes(db, minutesOf(baseline))]);
  const [canarySide, baselineSide] = await Promise.all(
    [canary, baseline].map(async (releases) => ({ pages: await pageTotals(db, minutesOf(releases)), networks: await networkCounts(db, networksOf(releases)) })),
  );
  const own = sumOf(mine);
  const sameMinutes = busyOverSameMinutes(mine, theirs);
  return [side(canarySide!, own, own.busy, own.renders), side(baselineSide!, sumOf(theirs), sameMinutes.bad, sameMinutes.trials)];
}

function side(
  { pages, networks }: { pages: Awaited<ReturnType<typeof pageTotals>>; networks: Awaited<ReturnType<typeof networkCounts>> },
  renders: { renders: number; failures: number; busy: number },
  busy: number,
  busyTrials: number,
): Measured {
  // Never more than the pages served with the release account for (docs/releases.md, "What is trusted and why").
  const views = Math.min(networks.views, pages.served * PAGE_TOKEN_ALLOWANCE.view);
  const errors = Math.min(networks.errors, pages.served * PAGE_TOKEN_ALLOWANCE.error);
  const trials = Math.min(networks.trials, pages.served * PAGE_TOKEN_ALLOWANCE.view);
  const fallbacks = renders.failures + renders.busy;
  return {
    numbers: {
      pageViews: views,
      errors,
      errorRate: ratio(errors, views),
      networks: networks.networks,
      errorNetworks: networks.errorNetworks,
      renders: renders.renders,
      renderFallbacks: fallbacks,
      renderFallbackRate: ratio(fallbacks, renders.renders),
      renderFailures: renders.failures,
      renderFailureRate: ratio(renders.failures, renders.renders),
      busyFallbacks: busy,
      busyFallbackRate: ratio(busy, busyTrials),
      lcpP75: pages.lcpP75,
      inpP75: pages.inpP75,
    },
    views: { bad: Math.min(networks.bad, trials), trials },
    failures: { bad: renders.failures, trials: renders.renders },
    busy: { bad: busy, trials: busyTrials },
    lcp: { samples: pages.lcpSamples, networks: networks.lcpNetworks },
    inp: { samples: pages.inpSamples, networks: networks.inpNetworks },
  };
}
