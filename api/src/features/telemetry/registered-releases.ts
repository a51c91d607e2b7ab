import type { Db } from '../../db/client';
import { releases } from '../../db/schema';

/**
 * Which releases the registry holds, per remote. A name it does not know is looked up again at
 * once (a release registered a moment ago, in any API instance, by any path): only a token a render
 * server signed can name one, so a stranger cannot make it read. Rows are never deleted, so a
 * name once known stays known.
 */
export class RegisteredReleases {
  private known = new Set<string>();
  private reading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  async has(remote: string, version: string): Promise<boolean> {
    const key = `${remote}|${version}`;
    if (!this.known.has(key)) await this.read();
    return this.known.has(key);
  }

  /** Concurrent lookups share one read. */
  private read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const rows = await this.db.select({ remote: releases.remote, version: releases.version }).from(releases);
        this.known = new Set(rows.map((row) => `${row.remote}|${row.version}`));
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
