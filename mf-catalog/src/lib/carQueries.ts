import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@usedcars/shared-api';
import type { CarPage } from '@usedcars/shared-api/cars';
// The keys and reads live beside the screens' loaders, so a screen finds what the shell started for it.
import { carKeys, carPageQuery, carQuery, type CarLookup } from '@usedcars/shared-api/loaders';
import type { Car, Category } from '@usedcars/shared-contract';
import type { ListView } from './listParams';

export { isEndedListing } from '@usedcars/shared-api/loaders';

/** One page of a brand's list; the previous page stays on screen while the next one loads. */
export function useCarPage(category: Category, view: ListView) {
  return useQuery<CarPage>({ ...carPageQuery(category, view), placeholderData: keepPreviousData });
}

/** A car already on a list page the person just saw, so its detail page renders at once. */
function carFromLists(queryClient: QueryClient, category: Category, id: string): Car | undefined {
  for (const [, page] of queryClient.getQueriesData<CarPage>({ queryKey: carKeys.lists(category) })) {
    const car = page?.cars.find((candidate) => candidate._id === id);
    if (car) return car;
  }
  return undefined;
}

export function useCar(category: Category, id: string) {
  const queryClient = useQueryClient();
  return useQuery<CarLookup>({
    ...carQuery(category, id),
    placeholderData: () => carFromLists(queryClient, category, id),
  });
}

/** The API refused the cursor a deep page was asked for with (from an old or edited link). */
export function isRefusedCursor(view: ListView, error: unknown): boolean {
  return view.cursor !== undefined && error instanceof ApiError && error.status === 400;
}
