import { useQuery } from '@tanstack/react-query';
import { fetchUserByEmail } from '@usedcars/shared-api';
import { dashboardKeys } from '../queryKeys';
import { useSignedInEmail } from './useRole';

/**
 * The name on the signed-in person's account record. The API stamps a seller's cars with this
 * name (not with whatever the form sent), so it is the one that finds them in /myAudi & co.
 */
export function useAccountName() {
  const email = useSignedInEmail();
  return useQuery({ ...accountNameQuery(email ?? ''), enabled: Boolean(email) });
}

export const accountNameQuery = (email: string) => ({
  queryKey: dashboardKeys.account(email),
  queryFn: async () => {
    const record = await fetchUserByEmail(email);
    if (!record) throw new Error('Your account has no record yet; log out and in again.');
    return record.name;
  },
  staleTime: Infinity,
});
