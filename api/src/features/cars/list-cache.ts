/**
 * A small time-bounded cache of list responses. Writes in any API copy clear it at once (see
 * db/change-feed.ts); the TTL bounds how stale the seed command, which tells no copy, can leave it.
 *
 * A value is stored only with the generation it was read in: a read that started before a
 * clear() may finish after it, and what it read is then already stale.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private current = 0;
  private paused = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): V | undefined {
    if (this.paused) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Take it before reading what will be stored, and hand it to set(). */
  get generation(): number {
    return this.current;
  }

  set(key: string, value: V, readInGeneration: number): void {
    if (this.ttlMs <= 0 || this.paused || readInGeneration !== this.current) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
    this.current += 1;
  }

  /** While paused nothing is kept or served: for as long as a write elsewhere could go unheard. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    this.clear();
  }
}
