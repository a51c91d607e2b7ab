import { useQuery } from '@tanstack/react-query';
import { fetchUserByEmail } from '@usedcars/shared-api';
import type { User } from '@usedcars/shared-contract';
import { dashboardKeys } from '../lib/queryKeys';
import { useSignedInEmail } from './useRole';

/** The signed-in person's account record (GET /users?email=), read once per session. */
export const accountRecordQuery = (email: string) => ({
  queryKey: dashboardKeys.account(email),
  queryFn: async () => {
    const record = await fetchUserByEmail(email);
    if (!record) throw new Error('Your account has no record yet; log out and in again.');
    return record;
  },
  staleTime: Infinity,
});

/** The signed-in person's account record (GET /users?email=), read once per session; the screens' loaders read it too. */
export function useAccountRecord<T = User>(select?: (record: User) => T) {
  const email = useSignedInEmail();
  return useQuery({ ...accountRecordQuery(email ?? ''), select, enabled: Boolean(email) });
}

/**
 * The name on the signed-in person's account record. The API stamps a seller's cars with this
 * name (not with whatever the form sent), so it is the one that finds them in /myAudi & co.
 */
export function useAccountName() {
  return useAccountRecord((record) => record.name);
}
