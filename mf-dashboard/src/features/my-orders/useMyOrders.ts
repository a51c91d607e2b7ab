import { useQuery } from '@tanstack/react-query';
import { fetchBookings } from '@usedcars/shared-api/bookings';
import { dashboardKeys } from '../queryKeys';

/** The signed-in buyer's bookings (GET /bookings?email=, with the access token). */
export function useMyOrders(email: string | null) {
  return useQuery({
    queryKey: dashboardKeys.bookings(email ?? ''),
    queryFn: ({ signal }) => fetchBookings(email!, signal),
    enabled: Boolean(email),
    // Coming back from the payment page, a booking that was just paid must not still offer PAY NOW.
    refetchOnMount: 'always',
  });
}
