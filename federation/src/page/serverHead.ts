import { createContext } from 'react';

/** What a screen wants in the <head> of a server-rendered page, one per request; none in the browser. */
export interface ServerHead {
  title?: string;
  /** Pictures the first screen shows large at once (its LCP element): asked for by the HTML's head. */
  preloadImages: PreloadImage[];
}

/** The very srcset, sizes and format the picture offers, so the browser picks the same file (docs/performance.md, "Pictures"). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);
