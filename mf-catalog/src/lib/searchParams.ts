import { CAR_LIST_MAX_OFFSET, FACET_NAMES, SEARCH_SORTS, SEARCH_VIEW_SEARCH, type SearchQuery, type SearchSort } from '@usedcars/shared-contract';
import { PAGE_SIZE, readFilters, writeFilters, type CarFilters } from './listParams';

/**
 * The search's view (docs/product.md, "Search"): the words, the filters and facets of every brand,
 * the sort and the page, all in the address, so Back and a shared link show the same cars. Pages
 * are numbered as far as the API's offsets reach; the results are ranked, not paged by cursor.
 */
export interface SearchView {
  filters: CarFilters;
  sort: SearchSort;
  /** 1-based. */
  page: number;
}

export const DEFAULT_SEARCH_SORT: SearchSort = SEARCH_VIEW_SEARCH.sort;
export const LAST_SEARCH_PAGE = Math.floor(CAR_LIST_MAX_OFFSET / PAGE_SIZE) + 1;

export function readSearchView(params: URLSearchParams): SearchView {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    filters: readFilters(params, FACET_NAMES),
    sort: (SEARCH_SORTS as readonly (string | null)[]).includes(sort) ? (sort as SearchSort) : DEFAULT_SEARCH_SORT,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, LAST_SEARCH_PAGE) : 1,
  };
}

export function writeSearchView(view: SearchView): URLSearchParams {
  const params = writeFilters(view.filters);
  if (view.sort !== DEFAULT_SEARCH_SORT) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function toSearchQuery(view: SearchView): SearchQuery {
  return { ...view.filters, sort: view.sort, limit: PAGE_SIZE, offset: (view.page - 1) * PAGE_SIZE };
}

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  deal: 'Best deal first',
  newest: 'Newest first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-year': 'Year: newest first',
  year: 'Year: oldest first',
};
