import { useEffect, useState, type RefObject } from 'react';

/** A screen's height ahead: the chart is ready by the time it scrolls into sight. */
const AHEAD = '100% 0px';

/**
 * Whether the element has come within a screen of the viewport (and stays true after). A browser
 * without IntersectionObserver says true at once, so no chart is left unrendered there.
 */
export function useInView(element: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, inView]);
  return inView;
}
