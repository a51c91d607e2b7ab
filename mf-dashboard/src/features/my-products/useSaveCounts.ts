import { useQuery } from '@tanstack/react-query';
import { fetchSaveCounts } from '@usedcars/shared-api/favourites';
import { dashboardKeys } from '../../lib/queryKeys';

/** GET /favourites/counts: how many buyers saved each of the seller's cars, by car id (absent: nobody). */
export function useSaveCounts() {
  return useQuery({
    queryKey: dashboardKeys.saveCounts(),
    queryFn: async ({ signal }) => new Map((await fetchSaveCounts(signal)).map((row) => [row.carId, row.savedBy])),
  });
}
