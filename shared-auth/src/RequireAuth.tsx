import { useSyncExternalStore, type ReactNode } from 'react';
import { Spinner } from '@usedcars/shared-ui';
import { useAuth } from './authStore';
import { mayHoldSession } from './mayHoldSession';

/** Where a visitor was going when a screen sent them to /login (docs/product.md, "The screens"). */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

const never = () => () => undefined;

/** False on the server and while the page hydrates: neither can read this browser's storage. */
function useMayHoldSession(): boolean {
  return useSyncExternalStore(never, mayHoldSession, () => false);
}

/**
 * The login guard (docs/product.md, "The screens"): the page for a signed-in person; for anyone
 * else the sign-in form, in place, so signing in shows the page they asked for. A spinner only
 * while a browser that may hold a session waits for the identity SDK's word: the server, which
 * cannot know, renders the form, and the identity SDK takes over once the page runs.
 */
export function RequireAuth({ children, signIn }: { children: ReactNode; signIn: ReactNode }) {
  const status = useAuth((s) => s.status);
  const waitForIdentity = useMayHoldSession();
  if (status === 'signedIn') return <>{children}</>;
  if (status === 'loading' && waitForIdentity) return <Spinner label="Checking your sign-in…" />;
  return <>{signIn}</>;
}
