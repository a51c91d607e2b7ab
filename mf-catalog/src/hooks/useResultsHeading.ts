import { useEffect, useRef } from 'react';

/** The results' heading, focused and scrolled to after a page change: keyboard and screen-reader users start at the top of the new page. */
export function useResultsHeading(page: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);
  return heading;
}
