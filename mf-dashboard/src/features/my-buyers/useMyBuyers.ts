import { useQuery } from '@tanstack/react-query';
import { afreshUnlessJustRead, myBuyersQuery } from '@usedcars/shared-api/loaders';

/** Bookings of the seller's cars (GET /myBuyers); buyers book and pay at any time, so it is read afresh. */
export function useMyBuyers() {
  return useQuery({ ...myBuyersQuery(), refetchOnMount: afreshUnlessJustRead });
}
