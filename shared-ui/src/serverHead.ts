import { createContext, useContext, useEffect } from 'react';

/**
 * What a screen wants in the page's <head> when it is drawn on the server: the render server
 * provides one of these per request and writes it into the HTML (docs/architecture.md, "Server
 * rendering"). In the browser there is none, and the hooks below act on the live document.
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

/** Sets the page's title while the screen is shown; on the server, the title the HTML arrives with. */
export function usePageTitle(title: string): void {
  const head = useContext(ServerHeadContext);
  // The server draws once and runs no effects: the title is taken while drawing.
  if (head) head.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * For the picture a screen shows largest above the fold (its Largest Contentful Paint): the server
 * names it in the head so the browser asks for it before anything else, and the <img> gets the
 * props that tell the browser the same.
 */
export function usePriorityImage(
  src: string | null,
  responsive?: Omit<PreloadImage, 'href'>,
): { fetchPriority: 'high'; loading: 'eager' } {
  const head = useContext(ServerHeadContext);
  // `null`: a picture that is not the LCP one this time (hooks are called either way).
  if (head && src !== null && !head.preloadImages.some((image) => image.href === src)) {
    head.preloadImages.push({ href: src, ...responsive });
  }
  return { fetchPriority: 'high', loading: 'eager' };
}
