import { useContext, useEffect } from 'react';
import { ServerHeadContext, type PreloadImage } from '@usedcars/federation';

// The request's head is one per request, so it lives in the singleton @usedcars/federation
// (docs/architecture.md, "Server rendering"); in the browser there is none.

/** Sets the page's title while the screen is shown; on the server, the title the HTML arrives with. */
export function usePageTitle(title: string): void {
  const head = useContext(ServerHeadContext);
  // The server renders once and runs no effects: the title is taken while rendering.
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
export function usePriorityImage(src: string | null, responsive?: Omit<PreloadImage, 'href'>): { fetchPriority: 'high'; loading: 'eager' } {
  const head = useContext(ServerHeadContext);
  // `null`: a picture that is not the LCP one this time (hooks are called either way); a data: address is no request.
  if (head && src !== null && !src.startsWith('data:') && !head.preloadImages.some((image) => image.href === src)) {
    head.preloadImages.push({ href: src, ...responsive });
  }
  return { fetchPriority: 'high', loading: 'eager' };
}
