import type { QueryClient } from '@tanstack/react-query';
import { authStore } from '@usedcars/shared-auth';
import { runScreenLoader } from '@usedcars/federation/loaders';
import type { RemoteScreen, SessionViewer } from '@usedcars/shared-contract';

/** A screen an address shows, with the route's parameters (`:id`). */
export interface MatchedScreen {
  screen: RemoteScreen;
  params: Readonly<Record<string, string | undefined>>;
}

/** Who is signed in, as the loaders read it; null until the session and its role are known. */
function viewerNow(): SessionViewer | null {
  const { status, user, role } = authStore.getState();
  if (status !== 'signedIn' || !user?.email || !role) return null;
  return { uid: user.uid, email: user.email, name: user.displayName ?? '', role };
}

/**
 * Runs the loaders of the screens an address shows, from their remotes' builds, into the page's
 * cache under the keys their hooks read (docs/architecture.md, "Navigation between screens"). What is
 * fresh there is not read again.
 */
export function loadScreenData(queryClient: QueryClient, screens: readonly MatchedScreen[], search: URLSearchParams): Promise<unknown> {
  const viewer = viewerNow();
  const signal = new AbortController().signal;
  return Promise.allSettled(
    screens.map(({ screen, params }) => {
      // Behind the login guard, a visitor not signed in sees the login form, not the screen.
      if ((screen.access === 'signedIn' && !viewer) || !screen.readsApi) return undefined;
      return runScreenLoader(screen, { queryClient, params, search, viewer, signal });
    }),
  );
}
