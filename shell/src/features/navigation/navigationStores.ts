import { createContext } from 'react';
import { createPendingNavigation, type PendingNavigation } from './pendingNavigation';
import { createPrerender, type Prerender } from './prerender';

/** The page's moves: whether one waits for its screen, and the screen rendered ahead. */
export interface NavigationStores {
  pending: PendingNavigation;
  prerender: Prerender;
}

export function createNavigationStores(): NavigationStores {
  return { pending: createPendingNavigation(), prerender: createPrerender() };
}

/** The page's stores, made by App; none on the render server, where nothing moves or renders ahead. */
export const NavigationStoresContext = createContext<NavigationStores | null>(null);

/** What a store reads as where there is none (the server): nothing waiting, nothing ahead. */
export const noSubscription = () => () => undefined;
