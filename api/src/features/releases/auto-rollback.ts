import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Release } from '@usedcars/shared-contract';
import { withinServed } from '@usedcars/shared-contract/page-token';
import type { Db } from '../../db/client';
import { releases, telemetryMinutes } from '../../db/schema';
import type { ReleaseRegistry } from './service';
import type { RollbackSettings } from './settings';

/**
 * What the render servers and the pages reported for one release since the canary started: page
 * views and errors only as far as the pages the render servers served account for them.
 */
export interface ReleaseCounts {
  views: number;
  errors: number;
  renders: number;
  fallbacks: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);
const shown = (value: number) => `${value.toFixed(1)} %`;

/**
 * Why a canary must go, or null while it may stay: its render fallback rate (over enough renders,
 * the render servers' own count, weighed first) or its error rate (over enough page views) above
 * the live release's by more than the margin.
 */
export function rollbackVerdict(canary: ReleaseCounts, live: ReleaseCounts, settings: RollbackSettings, liveName = 'live release'): string | null {
  const { marginPoints, minViews } = settings;
  const margin = `margin ${marginPoints} points`;
  if (canary.renders >= minViews) {
    const [mine, theirs] = [percent(canary.fallbacks, canary.renders), percent(live.fallbacks, live.renders)];
    if (mine - theirs > marginPoints) return `render fallback rate ${shown(mine)} over ${canary.renders} renders, ${liveName} ${shown(theirs)} (${margin})`;
  }
  if (canary.views >= minViews) {
    const [mine, theirs] = [percent(canary.errors, canary.views), percent(live.errors, live.views)];
    if (mine - theirs > marginPoints) return `error rate ${shown(mine)} over ${canary.views} page views, ${liveName} ${shown(theirs)} (${margin})`;
  }
  return null;
}

/** A release's numbers since `since`; with `others`, those of every other build of the remote (the first set's, when nothing is live). */
async function countsSince(db: Db, remote: string, release: string, since: Date, others = false): Promise<ReleaseCounts> {
  const t = telemetryMinutes;
  const [row] = await db
    .select({
      views: sql<number>`coalesce(sum(${t.count}) filter (where ${t.metric} = 'view'), 0)::int`,
      errors: sql<number>`coalesce(sum(${t.count}) filter (where ${t.metric} like 'error:%'), 0)::int`,
      renders: sql<number>`coalesce(sum(${t.count}) filter (where ${t.metric} like 'render:%'), 0)::int`,
      fallbacks: sql<number>`coalesce(sum(${t.count}) filter (where ${t.metric} like 'render:browser:%'), 0)::int`,
      served: sql<number>`coalesce(sum(${t.count}) filter (where ${t.metric} = 'served'), 0)::int`,
    })
    .from(t)
    .where(and(eq(t.remote, remote), others ? ne(t.release, release) : eq(t.release, release), gte(t.minute, since)));
  const pages = { views: Number(row?.views ?? 0), errors: Number(row?.errors ?? 0) };
  return { ...withinServed(pages, Number(row?.served ?? 0)), renders: Number(row?.renders ?? 0), fallbacks: Number(row?.fallbacks ?? 0) };
}

/**
 * Automatic rollback (docs/releases.md): each canary is judged on the telemetry written since it
 * started, against the live release (or, with none, the first set's build) over the same minutes.
 */
export class CanaryWatch {
  constructor(
    private readonly db: Db,
    private readonly registry: ReleaseRegistry,
    private readonly settings: RollbackSettings,
    /** Tells every API copy and render server that the set changed (the change feed). */
    private readonly announce: () => Promise<void>,
  ) {}

  /** Judges every canary now; answers the ones this copy rolled back. */
  async check(): Promise<Release[]> {
    const running = await this.db
      .select({ remote: releases.remote, version: releases.version, status: releases.status, createdAt: releases.createdAt })
      .from(releases)
      .where(inArray(releases.status, ['live', 'canary']));
    const rolledBack: Release[] = [];
    for (const canary of running.filter((row) => row.status === 'canary')) {
      const live = running.find((row) => row.status === 'live' && row.remote === canary.remote);
      const since = new Date(canary.createdAt.getTime() - (canary.createdAt.getTime() % 60_000));
      const [mine, theirs] = await Promise.all([
        countsSince(this.db, canary.remote, canary.version, since),
        live ? countsSince(this.db, canary.remote, live.version, since) : countsSince(this.db, canary.remote, canary.version, since, true),
      ]);
      const why = rollbackVerdict(mine, theirs, this.settings, live ? 'live release' : 'first set');
      if (!why) continue;
      const done = await this.registry.rollBackCanary(canary.remote, canary.version, `rolled back by automatic: ${why}`);
      if (done) rolledBack.push(done);
    }
    if (rolledBack.length > 0) await this.announce();
    return rolledBack;
  }

  /** Checks every checkMs, after this copy's own telemetry is written, until stopped; a failed check is tried next time. */
  start(hooks: { before: () => Promise<void>; rolledBack: (release: Release) => void; failed: (error: unknown) => void }): () => void {
    if (this.settings.checkMs === 0) return () => undefined;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void hooks
        .before()
        .then(() => this.check())
        .then((done) => done.forEach(hooks.rolledBack))
        .catch(hooks.failed)
        .finally(() => (running = false));
    }, this.settings.checkMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
