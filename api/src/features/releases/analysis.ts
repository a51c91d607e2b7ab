import { and, eq, inArray } from 'drizzle-orm';
import type { CanaryAnalysis, CanaryVerdict } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type ReleaseRow, releases } from '../../db/schema';
import { measurePair } from './measure';
import type { RollbackSettings } from './settings';
import { judge } from './verdict';
import { numbersTable } from './numbers-table';

/** A canary's ramp as the analysis shows it: the current step, when the next is due, and why a due step is held. */
function rampOf(row: ReleaseRow, verdict: CanaryVerdict, now: Date): CanaryAnalysis['ramp'] {
  if (!row.rampSteps || row.rampEveryMs === null) return null;
  const step = row.rampSteps.indexOf(row.share ?? 0);
  const last = step === -1 || step === row.rampSteps.length - 1;
  const since = (row.shareSince ?? row.createdAt).getTime();
  const nextAt = last ? null : new Date(since + row.rampEveryMs);
  const due = nextAt !== null && nextAt.getTime() <= now.getTime();
  const held = verdict === 'suspect' ? 'suspect' : due && verdict === 'undecided' ? 'undecided' : null;
  return { steps: row.rampSteps, everyMs: row.rampEveryMs, step, nextAt: nextAt?.toISOString() ?? null, held };
}

/** A canary's analysis, and its row (who released it, its ramp) for whoever acts on it. */
export interface CanaryReport {
  analysis: CanaryAnalysis;
  row: ReleaseRow;
}

/**
 * Each canary's verdict against its baseline over the canary's minutes (docs/releases.md, "The
 * verdict"): the live release, or with none the baseline set's build (every build of the remote the
 * registry does not hold).
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

  /** Every version registered for the remote: with no live release the baseline is the baseline set's build, none of these (a canary rolled back an hour ago included). */
  private async registered(remote: string): Promise<string[]> {
    return (await this.db.select({ version: releases.version }).from(releases).where(eq(releases.remote, remote))).map((row) => row.version);
  }

  private async analyse(canary: ReleaseRow, live: ReleaseRow | undefined): Promise<CanaryAnalysis> {
    const started = canary.canarySince ?? canary.createdAt;
    const [mine, theirs] = await measurePair(
      this.db,
      canary.remote,
      started,
      { version: canary.version },
      live ? { version: live.version } : { notRegistered: await this.registered(canary.remote) },
    );
    const { minNetworks, minAgeMs } = this.settings;
    const now = this.clock();
    const ageMs = Math.max(0, now.getTime() - started.getTime());
    const { verdict, reason, checks } = judge(mine, theirs, this.settings, ageMs, live ? 'live release' : 'baseline set');
    const baseline: CanaryAnalysis['baseline'] = live ? { kind: 'live', version: live.version } : { kind: 'first set', version: null };
    const numbers = { canary: mine.numbers, baseline: theirs.numbers };
    return {
      remote: canary.remote,
      canary: { version: canary.version, share: canary.share ?? 0, since: started.toISOString() },
      baseline,
      verdict,
      reason,
      checks,
      progress: { views: mine.numbers.pageViews, networks: mine.numbers.networks, minNetworks, renders: mine.numbers.renders, ageMs, minAgeMs },
      numbers,
      table: numbersTable({ numbers, baseline }),
      ramp: rampOf(canary, verdict, now),
      suspectSince: canary.suspectSince?.toISOString() ?? null,
    };
  }
}
