import { retryable, type Retryable } from '../core/retry';

/** docs/architecture.md, "The platform package and who calls it". */
export interface RemoteRegistry {
  load(id: string): Promise<unknown>;
  /** A screen whose code is here renders at once. */
  loaded(id: string): unknown;
  register(remote: string): Promise<void>;
  /** The next load reads it afresh (a fallback's Try again). */
  forget(remote: string): void;
}

/** Concurrent asks share one load; a failed load is tried again on the next ask. */
export function keptModules(load: (id: string) => Promise<unknown>): Pick<RemoteRegistry, 'load' | 'loaded' | 'forget'> {
  const modules = new Map<string, Retryable<unknown>>();
  const done = new Map<string, unknown>();
  return {
    load(id) {
      let module = modules.get(id);
      if (!module) {
        const kept: Retryable<unknown> = retryable(async () => {
          const loaded = await load(id);
          // Not for a module forgotten while it loaded: the next ask loads it afresh.
          if (modules.get(id) === kept) done.set(id, loaded);
          return loaded;
        });
        modules.set(id, (module = kept));
      }
      return module.get();
    },
    loaded: (id) => done.get(id),
    forget(remote) {
      for (const id of [...modules.keys()]) {
        if (!id.startsWith(`${remote}/`)) continue;
        modules.delete(id);
        done.delete(id);
      }
    },
  };
}
