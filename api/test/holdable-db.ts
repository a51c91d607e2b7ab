import type { Db } from '../src/db/client';

export interface HeldQuery {
  /** Resolves once the held query has run; its rows are not handed over yet. */
  reached: Promise<void>;
  /** Hands the rows over. */
  release(): void;
}

/** The same database behind a proxy that can hold one query's rows after it ran, so a read that started before a write finishes after it on either driver; `queries` counts the queries. */
export function holdableDb(db: Db): { db: Db; hold(skip?: number): HeldQuery; readonly queries: number } {
  let queries = 0;
  let pending: { skip: number; reached: () => void; gate: Promise<void> } | null = null;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function' || property === 'constructor') return value;
        if (property === 'then') {
          // Awaiting a query builder runs it (drizzle's QueryPromise); called bare, then() returns its rows.
          return (onFulfilled?: (rows: unknown) => unknown, onRejected?: (error: unknown) => unknown) => {
            queries += 1;
            const rows = (value as () => Promise<unknown>).call(object);
            let held: Promise<unknown> = rows;
            if (pending && pending.skip-- === 0) {
              const { reached, gate } = pending;
              pending = null;
              held = rows.then(async (result) => {
                reached();
                await gate;
                return result;
              });
            }
            return held.then(onFulfilled, onRejected);
          };
        }
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          return result !== null && typeof result === 'object' ? wrap(result) : result;
        };
      },
    });
  return {
    db: wrap(db),
    get queries() {
      return queries;
    },
    hold(skip = 0) {
      let reached!: () => void;
      let release!: () => void;
      const held = { reached: new Promise<void>((resolve) => (reached = resolve)), gate: new Promise<void>((resolve) => (release = resolve)) };
      pending = { skip, reached, gate: held.gate };
      return { reached: held.reached, release };
    },
  };
}
