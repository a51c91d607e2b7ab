import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteUser, listUsersByRole } from '@usedcars/shared-api';
import type { User } from '@usedcars/shared-contract';
import { dashboardKeys } from '../../lib/queryKeys';

export type AccountRole = 'Buyer' | 'Seller';

/** GET /user?role= (admin only). */
export const accountsQuery = (role: AccountRole) => ({ queryKey: dashboardKeys.users(role), queryFn: () => listUsersByRole(role) });

/** GET /user?role= (admin only). */
export function useAccounts(role: AccountRole) {
  return useQuery(accountsQuery(role));
}

/**
 * DELETE /allUsers/{id}. When the API deleted the account its row leaves the cached list at
 * once (no reload, no refetch flicker); the list is then refetched in the background.
 */
export function useDeleteAccount(role: AccountRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: User) => deleteUser(account._id),
    onSuccess: ({ deletedCount }, account) => {
      if (deletedCount > 0) {
        queryClient.setQueryData<User[]>(dashboardKeys.users(role), (rows) => rows?.filter((row) => row._id !== account._id));
      }
      // Catch up with anything else that changed meanwhile (another admin's work).
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.users(role) });
    },
  });
}
