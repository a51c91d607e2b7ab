import { sql } from 'drizzle-orm';
import type { Release } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import type { ReleaseRow } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const toRelease = (row: ReleaseRow): Release => ({
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
  liveAt: row.liveAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Runs `work` in a transaction that holds the remote's lock first: every change to one remote, by a person or automatically, waits its turn. */
export function changingRemote<T>(db: Db, remote: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`releases:${remote}`}, 0))`);
    return work(tx);
  });
}
