import { useQuery } from '@tanstack/react-query';
import { fetchMyBuyers } from '@usedcars/shared-api/bookings';
import { dashboardKeys } from '../../lib/queryKeys';
import { afreshUnlessJustRead } from '../../lib/readAfresh';

/** Bookings of the seller's cars (GET /myBuyers). */
export const myBuyersQuery = () => ({
  queryKey: dashboardKeys.myBuyers(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMyBuyers(signal),
});

/** Bookings of the seller's cars (GET /myBuyers); buyers book and pay at any time, so it is read afresh. */
export function useMyBuyers() {
  return useQuery({ ...myBuyersQuery(), refetchOnMount: afreshUnlessJustRead });
}
