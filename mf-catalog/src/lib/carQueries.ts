import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@usedcars/shared-api';
import { fetchCar, fetchCarPage, type CarPage } from '@usedcars/shared-api/cars';
import { fetchComparedCars, fetchFacets, fetchSearchPage, type Facets, type SearchPage } from '@usedcars/shared-api/search';
import type { Car, Category } from '@usedcars/shared-contract';
import { toCarListQuery, type CarFilters, type ListView } from './listParams';
import { toSearchQuery, type SearchView } from './searchParams';

/** The one query-key factory for cars (docs/how-to.md, "House rules"); every key holds the whole view it returns. */
export const carKeys = {
  all: ['cars'] as const,
  brand: (category: Category) => [...carKeys.all, category] as const,
  lists: (category: Category) => [...carKeys.brand(category), 'list'] as const,
  list: (category: Category, view: ListView) => [...carKeys.lists(category), view] as const,
  detail: (category: Category, id: string) => [...carKeys.brand(category), 'detail', id] as const,
  search: (view: SearchView) => [...carKeys.all, 'search', view] as const,
  /** A brand list's facets are the search's with that brand: one entry serves both. */
  facets: (filters: CarFilters) => [...carKeys.all, 'facets', filters] as const,
  compare: (ids: readonly string[]) => [...carKeys.all, 'compare', ids] as const,
};

/** One page of the search across brands. */
export const searchPageQuery = (view: SearchView) => ({
  queryKey: carKeys.search(view),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSearchPage(toSearchQuery(view), signal),
});

/** The facets' options and counts for these filters (a brand list's: with its brand as the one pick). */
export const facetsQuery = (filters: CarFilters) => ({
  queryKey: carKeys.facets(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFacets(filters, signal),
});

export const compareQuery = (ids: readonly string[]) => ({
  queryKey: carKeys.compare(ids),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchComparedCars(ids, signal),
});

export function useSearchPage(view: SearchView) {
  return useQuery<SearchPage>({ ...searchPageQuery(view), placeholderData: keepPreviousData });
}

/** The counts of the last filters stay while the next arrive, so the panel does not empty between picks. */
export function useFacets(filters: CarFilters) {
  return useQuery<Facets>({ ...facetsQuery(filters), placeholderData: keepPreviousData });
}

export function useComparedCars(ids: readonly string[]) {
  return useQuery<Car[]>({ ...compareQuery(ids), enabled: ids.length > 0 });
}

/** One page of a brand's list. */
export const carPageQuery = (category: Category, view: ListView) => ({
  queryKey: carKeys.list(category, view),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCarPage(category, toCarListQuery(view), signal),
});

/** A car its seller ended or the moderators hid: the API's 410, with why (docs/api.md, "Cars"). */
export interface EndedListing {
  ended: true;
  message: string;
}

/** What a car's page shows: the car, `null` for one the API does not know, or why it left the site. */
export type CarLookup = Car | EndedListing | null;

export function isEndedListing(lookup: CarLookup | undefined): lookup is EndedListing {
  return typeof lookup === 'object' && lookup !== null && 'ended' in lookup;
}

/** The API's response for an id it does not know (404) or cannot read (400). */
function isMissingCar(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The API's words for a 410 (`{ message, removed }`); checked by hand, so the car's page carries no schema library. */
function endedMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 410) return undefined;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : 'This car is no longer listed';
}

/**
 * `null` and an ended listing are responses, not errors, so the server renders "not found" or "no
 * longer listed" with them, hands them to the page, and the page hydrates the same screen.
 */
export const carQuery = (category: Category, id: string) => ({
  queryKey: carKeys.detail(category, id),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<CarLookup> =>
    fetchCar(category, id, signal).catch((error: unknown) => {
      if (isMissingCar(error)) return null;
      const message = endedMessage(error);
      if (message !== undefined) return { ended: true, message };
      throw error;
    }),
});

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
