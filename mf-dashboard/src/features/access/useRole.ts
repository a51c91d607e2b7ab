import { useAuth } from '@usedcars/shared-auth';
import type { Role } from '@usedcars/shared-contract';

/**
 * The permission checks of the dashboard, by name. The API enforces every rule itself; these
 * only decide what a screen offers, so nobody is shown a form the server would refuse.
 */

/** The signed-in person's role: undefined while the session is being restored, null if it has none. */
export function useRole(): Role | null | undefined {
  return useAuth((state) => (state.status === 'loading' ? undefined : state.role));
}

export function useIsSeller(): boolean {
  return useRole() === 'Seller';
}

export function useIsAdmin(): boolean {
  return useRole() === 'admin';
}

/** The signed-in person's e-mail (the dashboard sits behind the login guard, so it is normally set). */
export function useSignedInEmail(): string | null {
  return useAuth((state) => state.user?.email ?? null);
}

export function useDisplayName(): string {
  return useAuth((state) => state.user?.displayName ?? '');
}
