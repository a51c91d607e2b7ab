import type { CanaryAnalysis } from '@usedcars/shared-contract';
import type { ReleaseRow } from '../../db/schema';
import type { CanaryAnalyses } from './analysis';
import type { AutomaticChanges } from './automatic';
import { type ReleaseEvent, queueReleaseMails } from './notices';

export interface CanaryWatchOptions {
  analyses: CanaryAnalyses;
  changes: AutomaticChanges;
  clock: () => Date;
  /** Tells every API instance and render server that the set changed (the change feed). */
  announce: () => Promise<void>;
  /** Told each change this instance made, once its transaction is committed: the webhook, the metrics, the log. */
  changed?: (event: ReleaseEvent) => void;
}

/** The share a healthy canary's ramp moves it to now, or null (not healthy, no ramp, not due, or at its last step). */
function dueStep({ verdict, ramp }: CanaryAnalysis, now: Date): number | null {
  if (verdict !== 'healthy' || !ramp || ramp.nextAt === null || Date.parse(ramp.nextAt) > now.getTime()) return null;
  return ramp.steps[ramp.step + 1] ?? null;
}

/**
 * The canary watch (docs/releases.md, "The verdict", "The ramp", "Being told"): each canary is
 * judged against its baseline; a failing one is rolled back at any step, a healthy one with a ramp
 * goes to its next share once the step's time is up (and is promoted at 100), an undecided one
 * waits, a suspect one waits and people are told. Rollbacks, promotions and the first suspect
 * verdict are mailed from the change's own transaction.
 */
export class CanaryWatch {
  constructor(private readonly options: CanaryWatchOptions) {}

  /** Judges every canary now and acts; returns what this copy changed. */
  async check(): Promise<ReleaseEvent[]> {
    const { analyses, announce, changed } = this.options;
    const events: ReleaseEvent[] = [];
    for (const { analysis, row } of await analyses.current()) {
      const event = await this.act(analysis, row);
      if (event) events.push(event);
    }
    if (events.length > 0) await announce();
    for (const event of events) changed?.(event);
    return events;
  }

  private async act(analysis: CanaryAnalysis, row: ReleaseRow): Promise<ReleaseEvent | null> {
    const { changes, clock } = this.options;
    const { remote, canary } = analysis;
    const { version, share } = canary;
    const about = { remote, version, verdict: analysis.verdict, checks: analysis.checks, numbers: analysis.numbers, at: clock().toISOString() };
    const mailed = (event: ReleaseEvent) => (tx: Parameters<typeof queueReleaseMails>[0]) => queueReleaseMails(tx, event, analysis, row.releasedBy, share);
    if (analysis.verdict === 'failing') {
      const event: ReleaseEvent = { ...about, event: 'rollback', share: 0, reason: `rolled back by automatic: ${analysis.reason}` };
      return (await changes.rollBack(remote, version, event.reason, mailed(event))) ? event : null;
    }
    // Suspect: the ramp holds (dueStep wants healthy) and people are told, once per run as the canary.
    if (analysis.verdict === 'suspect') {
      if (row.suspectSince) return null;
      const event: ReleaseEvent = { ...about, event: 'suspect', share, reason: analysis.reason };
      return (await changes.markSuspect(remote, version, mailed(event))) ? event : null;
    }
    const next = dueStep(analysis, clock());
    if (next === null) return null;
    if (next === 100) {
      const event: ReleaseEvent = { ...about, event: 'promotion', share: 100, reason: 'promoted by automatic ramp' };
      return (await changes.promote(remote, version, share, mailed(event))) ? event : null;
    }
    const stepped = await changes.step(remote, version, share, next);
    return stepped ? { ...about, event: 'ramp_step', share: next, reason: stepped.reason ?? '' } : null;
  }

  /** Checks every checkMs, after this instance's own telemetry is written, until stopped; a failed check is tried next time. */
  start(checkMs: number, hooks: { before: () => Promise<void>; failed: (error: unknown) => void }): () => void {
    if (checkMs === 0) return () => undefined;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void hooks
        .before()
        .then(() => this.check())
        .catch(hooks.failed)
        .finally(() => (running = false));
    }, checkMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
