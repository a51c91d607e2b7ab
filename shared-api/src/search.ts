import { TOTAL_COUNT_HEADER, type Car, type FacetCounts, type SearchQuery } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request, requestWithHeaders } from '@usedcars/shared-api';

export interface SearchPage {
  cars: Car[];
  total: number;
}

/** One page of the search across brands (docs/api.md, "Search and facets"). */
export async function fetchSearchPage(query: SearchQuery, signal?: AbortSignal): Promise<SearchPage> {
  const { data, headers } = await requestWithHeaders<Car[]>('/search', { query: { ...query }, auth: 'none', signal });
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return { cars: data, total: Number.isFinite(total) ? total : data.length };
}

export interface Facets {
  total: number;
  facets: FacetCounts;
}

/** Each facet's options and their counts, for the search or (with one brand) a brand list. */
export function fetchFacets(query: Omit<SearchQuery, 'limit' | 'offset' | 'sort'>, signal?: AbortSignal): Promise<Facets> {
  return request<Facets>('/search/facets', { query: { ...query }, auth: 'none', signal });
}

/** The cars of a comparison, in the order asked; one no longer listed is left out. */
export function fetchComparedCars(ids: readonly string[], signal?: AbortSignal): Promise<Car[]> {
  return request<Car[]>('/compare', { query: { ids: ids.join(',') }, auth: 'none', signal });
}
