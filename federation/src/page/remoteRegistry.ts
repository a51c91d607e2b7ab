import { retryable, type Retryable } from '../core/retry';

/**
 * How a page, or one request of the render server, reaches the remotes' exposed modules: what
 * connect() is given (docs/architecture.md, "The platform package and who calls it").
 */
export interface RemoteRegistry {
  /** An exposed module (`catalog/CarDetailPage`, `catalog/loaders`) of the build this page or request uses; loaded once. */
  load(id: string): Promise<unknown>;
  /** The module, if this page or request has loaded it already: a screen whose code is here renders at once. */
  loaded(id: string): unknown;
  /** Makes a remote known ahead of its first module (the page does it for every remote once idle). */
  register(remote: string): Promise<void>;
  /** Forgets a remote and its modules, so the next load reads it afresh (a fallback's Try again). */
  forget(remote: string): void;
}

/** Modules kept by id: concurrent asks share one load, and a failed load is tried again on the next ask. */
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
