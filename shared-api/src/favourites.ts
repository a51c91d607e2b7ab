import type { Favourites } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request } from '@usedcars/shared-api';

/** Saved cars (docs/api.md, "Saved cars"). Saving and removing are idempotent: a double tap is harmless. */

export function saveCar(carId: string): Promise<{ carId: string; saved: boolean }> {
  return request(`/favourites/${encodeURIComponent(carId)}`, { method: 'PUT' });
}

export function unsaveCar(carId: string): Promise<{ carId: string; saved: boolean }> {
  return request(`/favourites/${encodeURIComponent(carId)}`, { method: 'DELETE' });
}

/** The buyer's saved cars still offered, and those gone since with a note. */
export function fetchFavourites(signal?: AbortSignal): Promise<Favourites> {
  return request<Favourites>('/favourites', { signal });
}

/** The saved cars' one place in the page's cache: the catalog's Save car buttons and the dashboard's Saved Cars read and change it alike. */
export const favouriteKeys = { all: ['favourites'] as const };

export const favouritesQuery = () => ({
  queryKey: favouriteKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFavourites(signal),
});

/** Seller: how many buyers saved each of their cars (cars nobody saved are left out). */
export function fetchSaveCounts(signal?: AbortSignal): Promise<{ carId: string; savedBy: number }[]> {
  return request('/favourites/counts', { signal });
}
