import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { LiveSet, Release, ReleaseInput } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type ReleaseRow, releases } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { type Tx, changingRemote, toRelease } from './registry-rows';

type RowChanges = Partial<
  Pick<ReleaseRow, 'status' | 'share' | 'reason' | 'preflight' | 'liveAt' | 'canarySince' | 'shareSince' | 'rampSteps' | 'rampEveryMs' | 'suspectSince'>
>;

/** The canary's share asked: `canary`, or the ramp's first step. */
const shareOf = (input: ReleaseInput) => input.canary ?? input.ramp?.steps[0];
/** The ramp a release names, or none (a canary released again without one stops the old one). */
const rampOf = (input: ReleaseInput) => ({ rampSteps: input.ramp?.steps ?? null, rampEveryMs: input.ramp?.everyMs ?? null });

/**
 * The release registry (docs/releases.md). Every change to one remote runs in a transaction that
 * holds that remote's lock first, so two commands at once never leave two live releases.
 */
export class ReleaseRegistry {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

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

  /**
   * Registers a release and makes it live (the live and canary before it retire), the canary (a
   * canary before it retires) or a preview (nothing else changes). A version registered before is
   * released again, without new files: `again` says so. `preflight` is the API's own verdict.
   */
  async register(input: ReleaseInput, releasedBy: string, preflight: string): Promise<{ release: Release; again: boolean }> {
    return changingRemote(this.db, input.remote, async (tx) => {
      const registered = await this.findIn(tx, input.remote, input.version);
      if (registered) return { release: await this.releaseAgain(tx, registered, input, releasedBy, preflight), again: true };
      const share = shareOf(input);
      const replaced = input.preview ? [] : share ? ['canary'] : ['live', 'canary'];
      if (replaced.length > 0) await this.setStatus(tx, input.remote, replaced, 'retired', `replaced by ${input.version}`);
      const now = this.clock();
      const [row] = await tx
        .insert(releases)
        .values({
          remote: input.remote,
          version: input.version,
          manifestUrl: input.manifestUrl,
          commit: input.commit ?? null,
          builtAt: input.builtAt ? new Date(input.builtAt) : null,
          releasedBy,
          preflight,
          status: input.preview ? 'preview' : share ? 'canary' : 'live',
          share: share ?? null,
          liveAt: share || input.preview ? null : now,
          ...(share ? { canarySince: now, shareSince: now, ...rampOf(input) } : {}),
        })
        .returning();
      return { release: toRelease(row!), again: false };
    });
  }

  /**
   * The same build once more: the canary (at the share asked) or live, and the one it replaces
   * retires; a preview promoted this way needs no upload. As a preview it stays what it is (a
   * registered release can be previewed whatever its status).
   */
  private async releaseAgain(tx: Tx, row: ReleaseRow, input: ReleaseInput, by: string, preflight: string): Promise<Release> {
    const what = `${row.remote} ${row.version}`;
    if (row.manifestUrl !== input.manifestUrl) throw conflict(`${what} is registered with another address (${row.manifestUrl}); a version names one build`);
    if (input.preview) return toRelease(row);
    const reason = `${row.status === 'preview' ? 'promoted from preview' : 'released again'} by ${by}`;
    const share = shareOf(input);
    if (share) {
      if (row.status === 'live') throw conflict(`${what} is live already: a canary is a release beside the live one`);
      if (row.status !== 'canary') await this.setStatus(tx, row.remote, ['canary'], 'retired', `replaced by ${row.version}`);
      const now = this.clock();
      // A new run as the canary: judged afresh, and told afresh should it be suspect again.
      return this.update(tx, row.id, { status: 'canary', share, reason, preflight, canarySince: now, shareSince: now, suspectSince: null, ...rampOf(input) });
    }
    if (row.status === 'live') return toRelease(row);
    await this.setStatus(tx, row.remote, ['live', 'canary'], 'retired', `replaced by ${row.version}`, row.id);
    return this.update(tx, row.id, { status: 'live', share: null, reason, preflight, liveAt: new Date() });
  }

  /** Runs `work` (a file's upload) while the version is not registered, under the remote's lock: a registered version's files never change. */
  async whileUnregistered<T>(remote: string, version: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return changingRemote(this.db, remote, async (tx) => {
      if (await this.findIn(tx, remote, version))
        throw conflict(
          `${remote} ${version} is registered: its files never change. Releasing the same build again needs no upload (npm run release does that); a changed build gets a version of its own`,
        );
      return work(tx);
    });
  }

  /** The canary goes live for everyone; the live release before it retires. */
  async promote(remote: string, by: string): Promise<Release> {
    return changingRemote(this.db, remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      if (!canary) throw conflict(`${remote} has no canary to promote`);
      await this.setStatus(tx, remote, ['live'], 'retired', `replaced by ${canary.version} (promoted by ${by})`);
      return this.update(tx, canary.id, { status: 'live', share: null, reason: `promoted by ${by}`, liveAt: new Date() });
    });
  }

  async setShare(remote: string, share: number, by: string): Promise<Release> {
    return changingRemote(this.db, remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      if (!canary) throw conflict(`${remote} has no canary`);
      // A person's share ends the ramp: it would otherwise undo what they chose at its next step.
      const stopped = canary.rampSteps ? '; its ramp stops' : '';
      return this.update(tx, canary.id, {
        share,
        reason: `share set to ${share} % by ${by}${stopped}`,
        shareSince: this.clock(),
        rampSteps: null,
        rampEveryMs: null,
      });
    });
  }

  /**
   * Without `to`: a canary is taken out of rotation (back to the live release, or the baseline set
   * without one), else the live release gives way to the release live before it (never to one that
   * never was), or to the baseline set when none was. With `to`: that registered release goes live,
   * and the live and canary step down. `refusal` says why a release cannot be made live (its files
   * are gone), which stops the rollback with nothing changed.
   */
  async rollback(remote: string, by: string, options: { to?: string; why?: string; refusal: (row: ReleaseRow) => Promise<string | null> }): Promise<Release> {
    const { to, why, refusal } = options;
    const reason = why ? `rolled back by ${by}: ${why}` : `rolled back by ${by}`;
    return changingRemote(this.db, remote, async (tx) => {
      const canary = await this.current(tx, remote, 'canary');
      const live = await this.current(tx, remote, 'live');
      if (!to && canary) {
        const rolledBack = await this.update(tx, canary.id, { status: 'rolled_back', share: null, reason });
        // With no live release everyone goes back to the baseline set, and the response is the canary taken out.
        return live ? toRelease(live) : rolledBack;
      }
      const target = to ? await this.findIn(tx, remote, to) : await this.previous(tx, remote, live);
      if (!target && to) throw notFound(`${remote} has no release ${to}`);
      if (!target) {
        if (!live) throw conflict(`${remote} has no release to roll back: it runs its baseline set`);
        // Nothing was live before it: everyone goes back to the baseline set, and the response is the release taken out.
        return this.update(tx, live.id, { status: 'rolled_back', share: null, reason });
      }
      if (target.id === live?.id) throw conflict(`${remote} ${target.version} is already live`);
      const refused = await refusal(target);
      if (refused) throw conflict(refused);
      await this.setStatus(tx, remote, ['live', 'canary'], 'rolled_back', reason);
      return this.update(tx, target.id, { status: 'live', share: null, reason: `made live again by ${by}`, liveAt: new Date() });
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

  /** The release live before the live one: the last to go live of those retired since (a rolled-back one is not gone back to). */
  private async previous(tx: Tx, remote: string, live: ReleaseRow | undefined): Promise<ReleaseRow | undefined> {
    if (!live) return undefined;
    const [row] = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.remote, remote), eq(releases.status, 'retired'), isNotNull(releases.liveAt)))
      .orderBy(desc(releases.liveAt))
      .limit(1);
    return row;
  }

  private async setStatus(tx: Tx, remote: string, from: string[], status: string, reason: string, except?: string): Promise<void> {
    await tx
      .update(releases)
      .set({ status, share: null, reason, updatedAt: new Date() })
      .where(and(eq(releases.remote, remote), inArray(releases.status, from), except ? ne(releases.id, except) : undefined));
  }

  private async update(tx: Tx, id: string, changes: RowChanges): Promise<Release> {
    const [row] = await tx
      .update(releases)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(releases.id, id))
      .returning();
    return toRelease(row!);
  }
}
