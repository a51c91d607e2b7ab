import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location } from 'react-router-dom';
import type { PendingNavigation } from './pendingNavigation';
import { rememberScroll } from './scroll';

type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

/** How long a move waits for the new screen's code; past that the screen shows its own loading state. */
const PREPARE_LIMIT_MS = 10_000;

const samePath = (a: Location, b: Location) => a.pathname.toLowerCase() === b.pathname.toLowerCase();

/**
 * The page's router (docs/architecture.md, "Navigation between screens"). The address changes at
 * once; the screen on show follows when `prepare` has fetched the new screen's code (and started its data), so the old
 * screen stays meanwhile, with the progress bar (NavigationProgress, in AppContent, told by `pending`). The router
 * is handed only the address on show: a screen kept as the server rendered it is never told of an
 * address it will not show (React would wait for it to hydrate, and it never does), it is replaced.
 */
export function PageRouter({
  prepare,
  pending,
  children,
}: {
  prepare: (location: Location) => Promise<unknown>;
  pending: PendingNavigation;
  children: ReactNode;
}) {
  const history = useState(() => createBrowserHistory({ window, v5Compat: true }))[0];
  const [shown, setShown] = useState<{ location: Location; kind: NavigationKind }>(() => ({
    location: history.location,
    kind: history.action as NavigationKind,
  }));
  const shownRef = useRef(shown.location);
  shownRef.current = shown.location;

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const move = ++latest;
      const next = { location, kind: action as NavigationKind };
      // A change of the query alone (a filter, a page of results) is shown at once.
      if (samePath(location, shownRef.current)) {
        pending.set(false);
        startTransition(() => setShown(next));
        return;
      }
      // Read while the old screen is still there: Back returns to it.
      rememberScroll(shownRef.current.key);
      pending.set(true);
      const limit = new Promise((resolve) => setTimeout(resolve, PREPARE_LIMIT_MS));
      void Promise.race([prepare(location).catch(() => undefined), limit]).then(() => {
        if (move !== latest) return;
        pending.set(false);
        startTransition(() => setShown(next));
      });
    });
  }, [history, prepare, pending]);

  return (
    <Router location={shown.location} navigationType={shown.kind as never} navigator={history}>
      {children}
    </Router>
  );
}
