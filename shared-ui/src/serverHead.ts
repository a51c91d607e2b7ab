import { createContext, useContext, useEffect } from 'react';

/**
 * What a screen wants in the page's <head> when it is drawn on the server: the render server
 * provides one of these per request and writes it into the HTML (docs/architecture.md, "Server
 * rendering"). In the browser there is none, and the hooks below act on the live document.
 */
export interface ServerHead {
  title?: string;
  /** Pictures the first screen shows large at once (its LCP element): asked for by the HTML's head. */
  preloadImages: Array<{ href: string }>;
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
export function usePriorityImage(src: string): { fetchPriority: 'high'; loading: 'eager' } {
  const head = useContext(ServerHeadContext);
  if (head && !head.preloadImages.some((image) => image.href === src)) head.preloadImages.push({ href: src });
  return { fetchPriority: 'high', loading: 'eager' };
}
