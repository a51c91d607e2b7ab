import { useQuery } from '@tanstack/react-query';
import { fetchBookings } from '@usedcars/shared-api/bookings';
import { dashboardKeys } from '../../lib/queryKeys';
import { afreshUnlessJustRead } from '../../lib/readAfresh';

/** The buyer's bookings (GET /bookings?email=). */
export const myOrdersQuery = (email: string) => ({
  queryKey: dashboardKeys.bookings(email),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBookings(email, signal),
});

/** The signed-in buyer's bookings (GET /bookings?email=, with the access token). */
export function useMyOrders(email: string | null) {
  return useQuery({
    ...myOrdersQuery(email ?? ''),
    enabled: Boolean(email),
    // Coming back from the payment page, a booking that was just paid must not still offer PAY NOW.
    refetchOnMount: afreshUnlessJustRead,
  });
}
