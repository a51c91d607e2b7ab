/**
 * Whether a move is waiting for its screen: a store outside React's state, so telling the progress
 * bar re-renders the bar alone (a change of a context's value would reach a screen kept as the
 * server rendered it, which React would then have to hydrate). The page makes one (navigationStores.ts).
 */
export interface PendingNavigation {
  set(next: boolean): void;
  subscribe(listener: () => void): () => void;
  get(): boolean;
}

export function createPendingNavigation(): PendingNavigation {
  let pending = false;
  const listeners = new Set<() => void>();
  return {
    set(next) {
      if (next === pending) return;
      pending = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => pending,
  };
}
