import { createContext } from 'react';

/**
 * What a screen wants in the page's <head> when it is drawn on the server: the render server
 * provides one of these per request and writes it into the HTML (docs/architecture.md, "Server
 * rendering"). In the browser there is none.
 */
export interface ServerHead {
  title?: string;
  /** Pictures the first screen shows large at once (its LCP element): asked for by the HTML's head. */
  preloadImages: Array<{ href: string }>;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);
