import { and, eq, isNull } from 'drizzle-orm';
import type { Release } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { releases } from '../../db/schema';
import { type Tx, changingRemote, toRelease } from './registry-rows';

/** Written in the same transaction as the change it tells of (the mails), so a change and its notice stand or fall together. */
export type AlongWith = (tx: Tx, release: Release) => Promise<void>;

/**
 * The changes the canary watch makes by itself (docs/releases.md, "The verdict" and "The ramp").
 * Each holds the remote's lock and changes the row only while it is still the canary it judged
 * (at the share it judged): of several API instances acting at once, one changes it and the others
 * find nothing to change (undefined), so each change, and its notice, happens once.
 */
export class AutomaticChanges {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** Takes the canary out of rotation: back to the live release, or to the baseline set with none. */
  rollBack(remote: string, version: string, reason: string, along?: AlongWith): Promise<Release | undefined> {
    return changingRemote(this.db, remote, async (tx) => {
      const [row] = await tx
        .update(releases)
        .set({ status: 'rolled_back', share: null, reason, updatedAt: this.clock() })
        .where(and(eq(releases.remote, remote), eq(releases.version, version), eq(releases.status, 'canary')))
        .returning();
      return row ? this.told(tx, toRelease(row), along) : undefined;
    });
  }

  /** Notes that the canary is suspect, once per run as the canary: only the instance that notes it tells the team. */
  markSuspect(remote: string, version: string, along?: AlongWith): Promise<Release | undefined> {
    return changingRemote(this.db, remote, async (tx) => {
      const [row] = await tx
        .update(releases)
        .set({ suspectSince: this.clock() })
        .where(and(eq(releases.remote, remote), eq(releases.version, version), eq(releases.status, 'canary'), isNull(releases.suspectSince)))
        .returning();
      return row ? this.told(tx, toRelease(row), along) : undefined;
    });
  }

  /** Moves the canary from one ramp step's share to the next. */
  step(remote: string, version: string, from: number, to: number, along?: AlongWith): Promise<Release | undefined> {
    return changingRemote(this.db, remote, async (tx) => {
      const now = this.clock();
      const [row] = await tx
        .update(releases)
        .set({ share: to, shareSince: now, reason: `share ${to} % by automatic ramp`, updatedAt: now })
        .where(and(eq(releases.remote, remote), eq(releases.version, version), eq(releases.status, 'canary'), eq(releases.share, from)))
        .returning();
      return row ? this.told(tx, toRelease(row), along) : undefined;
    });
  }

  /** The ramp's last step: the canary goes live for everyone, and the live release before it retires. */
  promote(remote: string, version: string, from: number, along?: AlongWith): Promise<Release | undefined> {
    const by = 'automatic ramp';
    return changingRemote(this.db, remote, async (tx) => {
      const now = this.clock();
      const still = and(eq(releases.remote, remote), eq(releases.version, version), eq(releases.status, 'canary'), eq(releases.share, from));
      const [canary] = await tx.select({ id: releases.id }).from(releases).where(still).limit(1);
      if (!canary) return undefined;
      await tx
        .update(releases)
        .set({ status: 'retired', share: null, reason: `replaced by ${version} (promoted by ${by})`, updatedAt: now })
        .where(and(eq(releases.remote, remote), eq(releases.status, 'live')));
      const [row] = await tx
        .update(releases)
        .set({ status: 'live', share: null, liveAt: now, reason: `promoted by ${by}`, updatedAt: now })
        .where(eq(releases.id, canary.id))
        .returning();
      return this.told(tx, toRelease(row!), along);
    });
  }

  private async told(tx: Tx, release: Release, along: AlongWith | undefined): Promise<Release> {
    await along?.(tx, release);
    return release;
  }
}
