import { useAuth } from '@usedcars/shared-auth';

/** Only a signed-in Buyer books; Sellers, the admin and visitors see More Details (docs/product.md, "Roles and permissions"). */
export function useIsBuyer(): boolean {
  return useAuth((state) => state.status === 'signedIn' && state.role === 'Buyer');
}
