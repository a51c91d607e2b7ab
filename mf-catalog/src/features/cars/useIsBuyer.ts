import { useAuth } from '@usedcars/shared-auth';

/** SPEC.md §6: only a signed-in Buyer books; Sellers, the admin and visitors see More Details. */
export function useIsBuyer(): boolean {
  return useAuth((state) => state.status === 'signedIn' && state.role === 'Buyer');
}
