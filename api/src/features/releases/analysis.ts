import { type SQL, and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { CanaryAnalysis } from '@usedcars/shared-contract';
import { withinServed } from '@usedcars/shared-contract/page-token';
import type { Db } from '../../db/client';
import { type ReleaseRow, releases, telemetryMinutes } from '../../db/schema';
import { emptyBuckets, quantile } from '../telemetry/histogram';
import type { RollbackSettings } from './settings';
import { type Measured, judge } from './verdict';

const ratio = (part: number, whole: number) => (whole === 0 ? null : Number((part / whole).toFixed(4)));
const rounded = (value: number | null) => (value === null ? null : Math.round(value));
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** What the render servers and pages reported over the window: page views and errors only as far as the pages served account for them. */
async function measure(db: Db, where: SQL | undefined): Promise<Measured> {
  const t = telemetryMinutes;
  const counts = await db
    .select({ metric: t.metric, count: sql<number>`sum(${t.count})::int` })
    .from(t)
    .where(where)
    .groupBy(t.metric);
  // The vitals' histograms added up bucket by bucket, in the database: a canary of a week is many rows.
  const buckets = rowsOf<{ metric: string; i: number; n: number }>(
    await db.execute(
      sql`select ${t.metric} as metric, u.i::int as i, sum(u.b)::int as n from ${t}, unnest(${t.buckets}) with ordinality as u(b, i)
          where ${where} and ${t.metric} in ('LCP', 'INP') group by 1, 2`,
    ),
  );
  const sum = (test: (metric: string) => boolean) => counts.filter((row) => test(row.metric)).reduce((total, row) => total + Number(row.count), 0);
  const p75 = (metric: string) => {
    const merged = emptyBuckets();
    for (const row of buckets) if (row.metric === metric) merged[Number(row.i) - 1] = Number(row.n);
    return rounded(quantile(merged, 0.75));
  };
  const served = sum((metric) => metric === 'served');
  const pages = withinServed({ views: sum((metric) => metric === 'view'), errors: sum((metric) => metric.startsWith('error:')) }, served);
  const renders = sum((metric) => metric.startsWith('render:'));
  const renderFallbacks = sum((metric) => metric.startsWith('render:browser:'));
  return {
    numbers: {
      pageViews: pages.views,
      errors: pages.errors,
      errorRate: ratio(pages.errors, pages.views),
      renders,
      renderFallbacks,
      renderFallbackRate: ratio(renderFallbacks, renders),
      lcpP75: p75('LCP'),
      inpP75: p75('INP'),
    },
    lcpSamples: sum((metric) => metric === 'LCP'),
    inpSamples: sum((metric) => metric === 'INP'),
  };
}

/** A canary's ramp as the analysis shows it: the current step, and when the next is due. */
function rampOf(row: ReleaseRow): CanaryAnalysis['ramp'] {
  if (!row.rampSteps || row.rampEveryMs === null) return null;
  const step = row.rampSteps.indexOf(row.share ?? 0);
  const last = step === -1 || step === row.rampSteps.length - 1;
  const since = (row.shareSince ?? row.createdAt).getTime();
  return { steps: row.rampSteps, everyMs: row.rampEveryMs, step, nextAt: last ? null : new Date(since + row.rampEveryMs).toISOString() };
}

/** A canary's analysis, and its row (who released it, its ramp) for whoever acts on it. */
export interface CanaryReport {
  analysis: CanaryAnalysis;
  row: ReleaseRow;
}

/**
 * Each canary's verdict against its baseline over the canary's minutes (docs/releases.md, "The
 * verdict"): the live release, or with none every other build of the remote (the first set's).
 */
export class CanaryAnalyses {
  constructor(
    private readonly db: Db,
    private readonly settings: RollbackSettings,
    private readonly clock: () => Date,
  ) {}

  async current(remote?: string): Promise<CanaryReport[]> {
    const running = await this.db
      .select()
      .from(releases)
      .where(and(inArray(releases.status, ['live', 'canary']), remote ? eq(releases.remote, remote) : undefined))
      .orderBy(releases.remote);
    const reports: CanaryReport[] = [];
    for (const row of running.filter((one) => one.status === 'canary'))
      reports.push({
        analysis: await this.analyse(
          row,
          running.find((one) => one.status === 'live' && one.remote === row.remote),
        ),
        row,
      });
    return reports;
  }

  private async analyse(canary: ReleaseRow, live: ReleaseRow | undefined): Promise<CanaryAnalysis> {
    const started = canary.canarySince ?? canary.createdAt;
    const t = telemetryMinutes;
    const window = and(eq(t.remote, canary.remote), gte(t.minute, new Date(started.getTime() - (started.getTime() % 60_000))));
    const [mine, theirs] = await Promise.all([
      measure(this.db, and(window, eq(t.release, canary.version))),
      measure(this.db, and(window, live ? eq(t.release, live.version) : ne(t.release, canary.version))),
    ]);
    const { minViews, minRenders, minAgeMs } = this.settings;
    const progress = {
      views: mine.numbers.pageViews,
      minViews,
      renders: mine.numbers.renders,
      minRenders,
      ageMs: Math.max(0, this.clock().getTime() - started.getTime()),
      minAgeMs,
    };
    const { verdict, reason } = judge(mine, theirs, this.settings, progress, live ? 'live release' : 'first set');
    return {
      remote: canary.remote,
      canary: { version: canary.version, share: canary.share ?? 0, since: started.toISOString() },
      baseline: live ? { kind: 'live', version: live.version } : { kind: 'first set', version: null },
      verdict,
      reason,
      progress,
      numbers: { canary: mine.numbers, baseline: theirs.numbers },
      ramp: rampOf(canary),
    };
  }
}
