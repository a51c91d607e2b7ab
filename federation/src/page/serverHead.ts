import { createContext } from 'react';

/**
 * What a screen wants in the page's <head> when it is rendered on the server: the render server
 * provides one of these per request and writes it into the HTML (docs/architecture.md, "Server
 * rendering"). In the browser there is none.
 */
export interface ServerHead {
  title?: string;
  /** Pictures the first screen shows large at once (its LCP element): asked for by the HTML's head. */
  preloadImages: PreloadImage[];
}

/**
 * A `<link rel=preload as=image>`: `href` alone for a plain picture; for a responsive one, the
 * very `srcset`, `sizes` and format the page's picture offers, so the browser picks the same file
 * (docs/performance.md, "Pictures").
 */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);
