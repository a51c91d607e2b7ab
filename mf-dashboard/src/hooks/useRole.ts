import { useAuth } from '@usedcars/shared-auth';
import type { Role } from '@usedcars/shared-contract';

/**
 * Who is signed in, as the dashboard's screens read it. The API enforces every rule itself; the
 * role only decides what a screen offers, so nobody is shown a form the server would refuse.
 */

/** The signed-in person's role: undefined while the session is being restored, null if it has none. */
export function useRole(): Role | null | undefined {
  return useAuth((state) => (state.status === 'loading' ? undefined : state.role));
}

/** The signed-in person's e-mail (the dashboard sits behind the login guard, so it is normally set). */
export function useSignedInEmail(): string | null {
  return useAuth((state) => state.user?.email ?? null);
}

export function useDisplayName(): string {
  return useAuth((state) => state.user?.displayName ?? '');
}
