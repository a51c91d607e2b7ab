import { useQuery } from '@tanstack/react-query';
import { afreshUnlessJustRead, myOrdersQuery } from '@usedcars/shared-api/loaders';

/** The signed-in buyer's bookings (GET /bookings?email=, with the access token). */
export function useMyOrders(email: string | null) {
  return useQuery({
    ...myOrdersQuery(email ?? ''),
    enabled: Boolean(email),
    // Coming back from the payment page, a booking that was just paid must not still offer PAY NOW.
    refetchOnMount: afreshUnlessJustRead,
  });
}
