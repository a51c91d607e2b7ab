import { eq } from 'drizzle-orm';
import { Counter, Gauge, type OpenMetricsContentType, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { releases } from '../../db/schema';
import { REMOTE_NAMES } from './fields';
import { RELEASE_ACTIONS, type ReleaseAction } from './notices';

/**
 * The registry's numbers on the API's /metrics (docs/operations.md, "Metrics"): each remote's
 * canary share, read from the database on each scrape (so every instance shows the same), and this
 * copy's automatic changes. Labels are the topology's remotes and the four actions only.
 */
export class ReleaseMetrics {
  private readonly automatic: Counter<'remote' | 'action'>;

  constructor(registry: Registry<OpenMetricsContentType>, db: Db) {
    new Gauge({
      name: 'release_canary_share',
      help: "Each remote's canary share of visitors in percent; 0 without a canary",
      labelNames: ['remote'] as const,
      registers: [registry],
      async collect() {
        const canaries = await db.select({ remote: releases.remote, share: releases.share }).from(releases).where(eq(releases.status, 'canary'));
        for (const remote of REMOTE_NAMES) this.set({ remote }, canaries.find((row) => row.remote === remote)?.share ?? 0);
      },
    });
    this.automatic = new Counter({
      name: 'release_automatic_changes_total',
      help: 'Changes the canary watch made by itself (this instance): rollback, promotion, ramp_step, and suspect (the team told)',
      labelNames: ['remote', 'action'] as const,
      registers: [registry],
    });
    // Every series from the start at 0, so a rate over a window with the first rollback in it is right.
    for (const remote of REMOTE_NAMES) for (const action of RELEASE_ACTIONS) this.automatic.inc({ remote, action }, 0);
  }

  changed(remote: string, action: ReleaseAction): void {
    if ((REMOTE_NAMES as readonly string[]).includes(remote)) this.automatic.inc({ remote, action });
  }
}
