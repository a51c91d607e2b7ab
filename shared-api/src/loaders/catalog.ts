import type { PrefetchContext, PrefetchResult } from '@usedcars/federation';
import type { Car, Category, SessionViewer } from '@usedcars/shared-contract';
// Through the package's own entry, not '../client': the entry is the copy the page shares.
import { ApiError } from '@usedcars/shared-api';
import { fetchCar, fetchCarPage } from '../cars';
import { fetchFavourites } from '../favourites';
import { dashboardKeys } from './dashboardKeys';
import { readListView, toCarListQuery, type ListView } from './listView';

/** The one query-key factory for cars (docs/how-to.md, "House rules"); every key holds the whole view it answers. */
export const carKeys = {
  all: ['cars'] as const,
  brand: (category: Category) => [...carKeys.all, category] as const,
  lists: (category: Category) => [...carKeys.brand(category), 'list'] as const,
  list: (category: Category, view: ListView) => [...carKeys.lists(category), view] as const,
  detail: (category: Category, id: string) => [...carKeys.brand(category), 'detail', id] as const,
};

/** The buyer's saved cars, as GET /favourites answers them; the catalog's hearts and the dashboard's Saved Cars read it. */
export const favouriteKeys = { all: dashboardKeys.favourites() };

export const favouritesQuery = () => ({
  queryKey: favouriteKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFavourites(signal),
});

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

/** The API's answer for an id it does not know (404) or cannot read (400). */
export function isMissingCar(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The API's words for a 410 (`{ message, removed }`); checked by hand, so the car's page carries no schema library. */
function endedMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 410) return undefined;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : 'This car is no longer listed';
}

/**
 * `null` and an ended listing are answers, not errors, so the server renders "not found" or "no
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

type QueryClient = PrefetchContext<'catalog/BrandListPage'>['queryClient'];

/** A signed-in buyer's hearts are on every car card and car page. */
function loadHearts(queryClient: QueryClient, viewer: SessionViewer | null): Promise<void> {
  return viewer?.role === 'Buyer' ? queryClient.prefetchQuery(favouritesQuery()) : Promise.resolve();
}

/** A brand's list: the page of cars the address asks for, and a buyer's hearts. */
export async function loadBrandList({ queryClient, props, search, viewer }: PrefetchContext<'catalog/BrandListPage'>): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(carPageQuery(props.category, readListView(search))), loadHearts(queryClient, viewer)]);
}

/** A car's page: the car (an unknown id is a 404, an ended listing a 410 on the server), and a buyer's hearts. */
export async function loadCarDetail({ queryClient, params, props, viewer }: PrefetchContext<'catalog/CarDetailPage'>): Promise<PrefetchResult> {
  const id = params.id ?? '';
  await Promise.all([queryClient.prefetchQuery(carQuery(props.category, id)), loadHearts(queryClient, viewer)]);
  const lookup = queryClient.getQueryData<CarLookup>(carKeys.detail(props.category, id));
  return { notFound: lookup === null, gone: isEndedListing(lookup) };
}

/** A buyer's Saved Cars. */
export async function loadSavedCars({ queryClient, viewer }: PrefetchContext<'dashboard/SavedCarsPage'>): Promise<void> {
  await loadHearts(queryClient, viewer);
}
