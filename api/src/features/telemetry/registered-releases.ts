import type { CacheHolder } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { releases } from '../../db/schema';

/** Without a change heard, at most one read of the registry per this long, however many unknown names arrive. */
const MIN_GAP_MS = 1_000;

/**
 * Which releases the registry holds, per remote. A name it does not know is looked up again once a
 * write was heard on the change feed (a release registered a moment ago, in any API copy), or at
 * most once a second otherwise. Rows are never deleted, so a name once known stays known.
 */
export class RegisteredReleases implements CacheHolder {
  private known = new Set<string>();
  private readAt = -Infinity;
  private stale = true;
  private caching = true;
  private reading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  async has(remote: string, version: string): Promise<boolean> {
    const key = `${remote}|${version}`;
    if (this.known.has(key)) return true;
    if (this.stale || !this.caching || performance.now() - this.readAt >= MIN_GAP_MS) await this.read();
    return this.known.has(key);
  }

  invalidate(): void {
    this.stale = true;
  }

  setCaching(on: boolean): void {
    this.caching = on;
  }

  private read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        this.stale = false;
        const rows = await this.db.select({ remote: releases.remote, version: releases.version }).from(releases);
        this.known = new Set(rows.map((row) => `${row.remote}|${row.version}`));
        this.readAt = performance.now();
      } catch (error) {
        this.stale = true;
        throw error;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
