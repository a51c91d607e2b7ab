import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { focusHeadingOf } from './focusHeading';
import { setLinkNavigation } from './linkNavigation';
import { restoreScroll, scrollToTop, takeOverScrollRestoration } from './scroll';

/**
 * What follows a move once the new screen is on show: a new move starts at the top, Back and
 * Forward return to where the entry was left, and focus goes to the new screen's heading. The
 * first screen of the page is the browser's own (nothing moves, nothing is focused). The router
 * also takes over the in-site links no React handler took (linkNavigation.ts).
 */
export function useNavigationEffects(isAppRoute: (pathname: string) => boolean): void {
  const navigate = useNavigate();
  useEffect(() => setLinkNavigation((address) => navigate(address), isAppRoute), [navigate, isAppRoute]);
  useEffect(takeOverScrollRestoration, []);

  const first = useRef(true);
  const { pathname, key } = useLocation();
  const kind = useNavigationType();
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const stopRestoring = kind === 'POP' ? restoreScroll(key) : (scrollToTop(), undefined);
    const stopWaiting = focusHeadingOf(document.getElementById('main'));
    return () => {
      stopRestoring?.();
      stopWaiting();
    };
    // Once per screen shown: a change of the query alone is not a move.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key and kind belong to the same move as pathname
  }, [pathname]);
}
