import {
  CAR_LIST_MAX_OFFSET,
  CAR_SORTS,
  FACET_NAMES,
  LIST_VIEW_SEARCH,
  type CarListQuery,
  type CarSort,
  type Category,
  type FacetName,
  type FacetSelection,
} from '@usedcars/shared-contract';
import { facetsOf, hasFacets, readFacets, writeFacets } from './facetParams';

/**
 * A brand list's view (search, filters, sort, page) lives in the URL, so a reload or a shared
 * link shows the same cars. These helpers turn the address into a query the API accepts and back;
 * the list's loader (src/exposed/loaders.ts) reads the same view.
 *
 * Pages are numbered and asked for by offset as far as the API's offsets reach (CAR_LIST_MAX_OFFSET:
 * 417 pages of 24); past that a page is asked for by the cursor the page before or after handed out,
 * and the address keeps that cursor beside the page number (docs/list-paging.md). Numbers alone
 * would respond with 400 there; cursors alone would lose "Page 3 of 12" and links to a numbered page
 * for the many lists that never get that deep.
 */
export const DEFAULT_SORT: CarSort = LIST_VIEW_SEARCH.sort;

/** Cars per page: a few screens of cards, far below the API's cap of 100. */
export const PAGE_SIZE = 24;

/** The deepest page an offset reaches; each page after it is asked for by cursor. */
export const LAST_NUMBERED_PAGE = Math.floor(CAR_LIST_MAX_OFFSET / PAGE_SIZE) + 1;
/** The API's limit on q and location. */
const MAX_TEXT = 100;

/** The form's filters and the facets' picks (a brand list's facets are all but brand). */
export interface CarFilters extends FacetSelection {
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  location?: string;
}

/** The facets of a brand list: its brand is its own. */
export const LIST_FACETS: readonly FacetName[] = FACET_NAMES.filter((facet) => facet !== 'brand');

export interface ListView {
  filters: CarFilters;
  sort: CarSort;
  /** 1-based. */
  page: number;
  /**
   * Past LAST_NUMBERED_PAGE only: the API's opaque cursor the page starts from. The page number
   * then only counts for "Showing …" and the links; the cursor says which cars.
   */
  cursor?: string;
}

/** The filter form's fields; the facets are picked in their own panel. */
export const FILTER_KEYS = ['q', 'minPrice', 'maxPrice', 'location'] as const satisfies readonly (keyof CarFilters & keyof typeof LIST_VIEW_SEARCH)[];

function isSort(value: string | null): value is CarSort {
  return (CAR_SORTS as readonly (string | null)[]).includes(value);
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim().slice(0, MAX_TEXT);
  return trimmed ? trimmed : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * Reads the view from the address. Values the API would refuse (a hand-edited link, an old
 * bookmark) are dropped rather than turned into an error page.
 */
export function readListView(params: URLSearchParams): ListView {
  return readView(params, LIST_FACETS);
}

/** The form's filters and the named facets' picks of an address. */
export function readFilters(params: URLSearchParams, facets: readonly FacetName[]): CarFilters {
  return dropEmpty({
    q: text(params.get('q')),
    minPrice: amount(params.get('minPrice')),
    maxPrice: amount(params.get('maxPrice')),
    location: text(params.get('location')),
    ...readFacets(params, facets),
  });
}

function readView(params: URLSearchParams, facets: readonly FacetName[]): ListView {
  const filters = readFilters(params, facets);
  const sort = params.get('sort');
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const view = { filters, sort: isSort(sort) ? sort : DEFAULT_SORT };
  // Only the API can tell whether it still takes a cursor; one it refuses sends the page back to
  // page 1 (BrandListPage).
  const cursor = params.get('cursor') || undefined;
  if (page <= LAST_NUMBERED_PAGE) return { ...view, page };
  // A deep page number without its cursor (typed in, an old bookmark) cannot be asked for:
  // the deepest numbered page is the nearest the API returns, and Next goes on from there.
  return cursor ? { ...view, page, cursor } : { ...view, page: LAST_NUMBERED_PAGE };
}

function dropEmpty(filters: CarFilters): CarFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as CarFilters;
}

/** The filters' parameters: the form's, then the facets'. */
export function writeFilters(filters: CarFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  writeFacets(params, filters);
  return params;
}

/** The address of a view; defaults (newest, page 1) stay out of it so plain links stay plain. */
export function writeListView(view: ListView): URLSearchParams {
  const params = writeFilters(view.filters);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.cursor !== undefined && view.page > LAST_NUMBERED_PAGE) params.set('cursor', view.cursor);
  return params;
}

/** The API query of a view: its filters, its sort and one page, by cursor past the numbered pages. */
export function toCarListQuery(view: ListView): CarListQuery {
  const page = view.cursor !== undefined && view.page > LAST_NUMBERED_PAGE ? { cursor: view.cursor } : { offset: (view.page - 1) * PAGE_SIZE };
  return { ...view.filters, sort: view.sort, limit: PAGE_SIZE, ...page };
}

/** Two filter sets are the same view when they write the same address. */
export function sameFilters(a: CarFilters, b: CarFilters): boolean {
  return writeFilters(a).toString() === writeFilters(b).toString();
}

export function hasFilters(filters: CarFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined) || hasFacets(filters);
}

/** The form's filters with the facets' picks of `facets` in place of the old ones. */
export function withFacets(filters: CarFilters, facets: FacetSelection): CarFilters {
  const { q, minPrice, maxPrice, location } = filters;
  return dropEmpty({ q, minPrice, maxPrice, location, ...facetsOf(facets) });
}

/**
 * The sorts are the contract's CAR_SORTS (listing.ts, kept free of zod for browser bundles); the
 * Record below is checked against CarSort, so a new sort fails the type check until it has a label.
 */
export const SORT_LABELS: Record<CarSort, string> = {
  newest: 'Newest first',
  deal: 'Best deal first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-year': 'Year: newest first',
  year: 'Year: oldest first',
};

/** A brand list's facets are the search's, with its brand as the one pick (docs/api.md, "Search and facets"). */
export function brandFacetFilters(category: Category, filters: CarFilters): CarFilters {
  return { ...filters, brand: [category] };
}
