import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@usedcars/shared-api';
import { fetchCar, fetchCarPage, type CarPage } from '@usedcars/shared-api/cars';
import type { Car, Category } from '@usedcars/shared-contract';
import { toCarListQuery, type ListView } from './listParams';

/** The one query-key factory for cars (docs/how-to.md, "House rules"); every key holds the whole view it answers. */
export const carKeys = {
  all: ['cars'] as const,
  brand: (category: Category) => [...carKeys.all, category] as const,
  lists: (category: Category) => [...carKeys.brand(category), 'list'] as const,
  list: (category: Category, view: ListView) => [...carKeys.lists(category), view] as const,
  detail: (category: Category, id: string) => [...carKeys.brand(category), 'detail', id] as const,
};

/** One page of a brand's list; the previous page stays on screen while the next one loads. */
export function useCarPage(category: Category, view: ListView) {
  return useQuery<CarPage>({
    queryKey: carKeys.list(category, view),
    queryFn: ({ signal }) => fetchCarPage(category, toCarListQuery(view), signal),
    placeholderData: keepPreviousData,
  });
}

/** A car already on a list page the person just saw, so its detail page renders at once. */
function carFromLists(queryClient: QueryClient, category: Category, id: string): Car | undefined {
  for (const [, page] of queryClient.getQueriesData<CarPage>({ queryKey: carKeys.lists(category) })) {
    const car = page?.cars.find((candidate) => candidate._id === id);
    if (car) return car;
  }
  return undefined;
}

/**
 * `null`: the API does not know the car. An answer, not an error, so the server renders "not
 * found" with it, hands it to the page, and the page hydrates the same screen.
 */
const carQuery = (category: Category, id: string) => ({
  queryKey: carKeys.detail(category, id),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Car | null> =>
    fetchCar(category, id, signal).catch((error: unknown) => {
      if (isMissingCar(error)) return null;
      throw error;
    }),
});

/** Reads a car into the cache before its page is rendered; says whether the API knows it. */
export async function prefetchCar(queryClient: QueryClient, category: Category, id: string): Promise<{ found: boolean }> {
  await queryClient.prefetchQuery(carQuery(category, id));
  return { found: queryClient.getQueryData(carKeys.detail(category, id)) !== null };
}

export function useCar(category: Category, id: string) {
  const queryClient = useQueryClient();
  return useQuery<Car | null>({
    ...carQuery(category, id),
    placeholderData: () => carFromLists(queryClient, category, id),
  });
}

/** The API refused the cursor a deep page was asked for with (from an old or edited link). */
export function isRefusedCursor(view: ListView, error: unknown): boolean {
  return view.cursor !== undefined && error instanceof ApiError && error.status === 400;
}

/** The API's answer for an id it does not know (404) or cannot read (400). */
export function isMissingCar(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
