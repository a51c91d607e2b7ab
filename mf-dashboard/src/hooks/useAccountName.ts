import { useQuery } from '@tanstack/react-query';
import type { User } from '@usedcars/shared-contract';
import { accountRecordQuery } from '@usedcars/shared-api/loaders';
import { useSignedInEmail } from './useRole';

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
