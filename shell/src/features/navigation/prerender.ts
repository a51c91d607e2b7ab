import type { Location } from 'react-router-dom';

/**
 * The screen rendered ahead, out of sight, for the link the visitor is about to follow
 * (docs/architecture.md, "Rendered before the click"): one at a time, the latest intent's. A store
 * outside React's state, like pendingNavigation.ts, so telling ScreenSlots re-renders nothing else.
 */
interface PrerenderTarget {
  /** The slot's key: the same key on show after the click, so React keeps what it rendered. */
  key: string;
  location: Location;
}

export interface Prerender {
  /** Renders this address ahead, anew even if it was the last one (its slot may have been shown since). */
  address(pathname: string, search: string): void;
  subscribe(listener: () => void): () => void;
  target(): PrerenderTarget | null;
}

export function createPrerender(): Prerender {
  let target: PrerenderTarget | null = null;
  let made = 0;
  const listeners = new Set<() => void>();
  return {
    address(pathname, search) {
      const key = `prerender-${++made}`;
      target = { key, location: { pathname, search, hash: '', state: null, key } };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    target: () => target,
  };
}
