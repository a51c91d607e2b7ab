import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LiveSet, Release, ReleaseInput } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type ReleaseRow, releases } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const toRelease = (row: ReleaseRow): Release => ({
  remote: row.remote,
  version: row.version,
  manifestUrl: row.manifestUrl,
  commit: row.commit,
  builtAt: row.builtAt?.toISOString() ?? null,
  releasedBy: row.releasedBy,
  preflight: row.preflight,
  status: row.status as Release['status'],
  share: row.share,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The release registry (docs/releases.md). Every change to one remote runs in a transaction that
 * holds that remote's lock first, so two commands at once never leave two live releases.
 */
export class ReleaseRegistry {
  constructor(private readonly db: Db) {}

  /** What the site runs: per remote with any release, the live one and the canary with its share. */
  async liveSet(): Promise<LiveSet> {
    const rows = await this.db
      .select()
      .from(releases)
      .where(inArray(releases.status, ['live', 'canary']));
    const remotes: LiveSet['remotes'] = {};
    for (const row of rows) {
      const entry = (remotes[row.remote] ??= { live: null, canary: null });
      if (row.status === 'live') entry.live = { version: row.version, manifestUrl: row.manifestUrl };
      else entry.canary = { version: row.version, manifestUrl: row.manifestUrl, share: row.share ?? 0 };
    }
    return { remotes };
  }

  async history(remote: string | undefined, limit: number): Promise<Release[]> {
    const rows = await this.db
      .select()
      .from(releases)
      .where(remote ? eq(releases.remote, remote) : undefined)
      .orderBy(desc(releases.createdAt), desc(releases.version))
      .limit(limit);
    return rows.map(toRelease);
  }

  async find(remote: string, version: string): Promise<ReleaseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(releases)
      .where(and(eq(releases.remote, remote), eq(releases.version, version)))
      .limit(1);
    return row;
  }

  /** Registers a release and makes it live (the live and canary before it retire) or the canary (a canary before it retires). */
  async register(input: ReleaseInput, releasedBy: string): Promise<Release> {
    return this.changing(input.remote, async (tx) => {
      if (await this.findIn(tx, input.remote, input.version))
        throw conflict(`${input.remote} ${input.version} is already registered; a version is released once`);
      const replaced = input.canary ? ['canary'] : ['live', 'canary'];
      await this.setStatus(tx, input.remote, replaced, 'retired', `replaced by ${input.version}`);
      const [row] = await tx
        .insert(releases)
        .values({
          remote: input.remote,
          version: input.version,
          manifestUrl: input.manifestUrl,
          commit: input.commit ?? null,
          builtAt: input.builtAt ? new Date(input.builtAt) : null,
          releasedBy,
          preflight: input.preflight,
          status: input.canary ? 'canary' : 'live',
          share: input.canary ?? null,
        })
        .returning();
      return toRelease(row!);
    });
  }

  /** The canary goes live for everyone; the live release before it retires. */
  async promote(remote: string, by: string): Promise<Release> {
    return this.changing(remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      if (!canary) throw conflict(`${remote} has no canary to promote`);
      await this.setStatus(tx, remote, ['live'], 'retired', `replaced by ${canary.version} (promoted by ${by})`);
      return this.update(tx, canary.id, { status: 'live', share: null, reason: `promoted by ${by}` });
    });
  }

  async setShare(remote: string, share: number, by: string): Promise<Release> {
    return this.changing(remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      if (!canary) throw conflict(`${remote} has no canary`);
      return this.update(tx, canary.id, { share, reason: `share set to ${share} % by ${by}` });
    });
  }

  /**
   * Without `to`: a canary is taken out of rotation (back to the live release, or the first set
   * without one), else the live release gives way to the one live before it, or to the first set
   * when none was. With `to`: that registered release goes live, and the live and canary step down.
   */
  async rollback(remote: string, by: string, to?: string, why?: string): Promise<Release> {
    const reason = why ? `rolled back by ${by}: ${why}` : `rolled back by ${by}`;
    return this.changing(remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      const live = await this.current(tx, remote, 'live');
      if (!to && canary) {
        const rolledBack = await this.update(tx, canary.id, { status: 'rolled_back', share: null, reason });
        // With no live release everyone goes back to the first set, and the answer is the canary taken out.
        return live ? toRelease(live) : rolledBack;
      }
      const target = to ? await this.findIn(tx, remote, to) : await this.previous(tx, remote, live);
      if (!target && to) throw notFound(`${remote} has no release ${to}`);
      if (!target) {
        if (!live) throw conflict(`${remote} has no release to roll back: it runs its first set`);
        // Nothing was live before it: everyone goes back to the first set, and the answer is the release taken out.
        return this.update(tx, live.id, { status: 'rolled_back', share: null, reason });
      }
      if (target.id === live?.id) throw conflict(`${remote} ${target.version} is already live`);
      await this.setStatus(tx, remote, ['live', 'canary'], 'rolled_back', reason);
      return this.update(tx, target.id, { status: 'live', share: null, reason: `made live again by ${by}` });
    });
  }

  /**
   * Takes this canary out of rotation if it still is the canary: of several API copies judging it
   * at once, one changes the row and the others find nothing to change (undefined).
   */
  async rollBackCanary(remote: string, version: string, reason: string): Promise<Release | undefined> {
    return this.changing(remote, async (tx) => {
      const [row] = await tx
        .update(releases)
        .set({ status: 'rolled_back', share: null, reason, updatedAt: new Date() })
        .where(and(eq(releases.remote, remote), eq(releases.version, version), eq(releases.status, 'canary')))
        .returning();
      return row ? toRelease(row) : undefined;
    });
  }

  private async changing<T>(remote: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`releases:${remote}`}, 0))`);
      return work(tx);
    });
  }

  private async findIn(tx: Tx, remote: string, version: string): Promise<ReleaseRow | undefined> {
    const [row] = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.remote, remote), eq(releases.version, version)))
      .limit(1);
    return row;
  }

  private async current(tx: Tx, remote: string, status: 'live' | 'canary'): Promise<ReleaseRow | undefined> {
    const [row] = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.remote, remote), eq(releases.status, status)))
      .limit(1);
    return row;
  }

  /** The newest release registered before the live one that was not itself rolled back. */
  private async previous(tx: Tx, remote: string, live: ReleaseRow | undefined): Promise<ReleaseRow | undefined> {
    if (!live) return undefined;
    const [row] = await tx
      .select()
      .from(releases)
      .where(
        and(eq(releases.remote, remote), eq(releases.status, 'retired'), sql`${releases.createdAt} < (select created_at from releases where id = ${live.id})`),
      )
      .orderBy(desc(releases.createdAt))
      .limit(1);
    return row;
  }

  private async setStatus(tx: Tx, remote: string, from: string[], status: string, reason: string): Promise<void> {
    await tx
      .update(releases)
      .set({ status, share: null, reason, updatedAt: new Date() })
      .where(and(eq(releases.remote, remote), inArray(releases.status, from)));
  }

  private async update(tx: Tx, id: string, changes: Partial<Pick<ReleaseRow, 'status' | 'share' | 'reason'>>): Promise<Release> {
    const [row] = await tx
      .update(releases)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(releases.id, id))
      .returning();
    return toRelease(row!);
  }
}
