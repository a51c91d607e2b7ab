// Free of zod on purpose: browser bundles import these (docs/performance.md, "zod in the bundles").
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const PREV_CURSOR_HEADER = 'X-Prev-Cursor';

export const CAR_SORTS = ['price', '-price', 'year', '-year', 'newest', 'deal'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/** The search's sorts: the lists' and relevance to the words, its default. */
export const SEARCH_SORTS = ['relevance', ...CAR_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The facets' parameters in a list's address, each repeated for several options (docs/product.md, "Facets"). */
export const FACET_PARAMS = ['price', 'year', 'mileage', 'fuel', 'gearbox', 'body', 'city', 'deal', 'priceDropped'] as const;
const NO_FACETS = Object.fromEntries(FACET_PARAMS.map((name) => [name, ''])) as Record<(typeof FACET_PARAMS)[number], ''>;

export const LIST_VIEW_SEARCH = {
  q: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  ...NO_FACETS,
  sort: 'newest' satisfies CarSort,
  page: '1',
  cursor: '',
} as const;

/** The search across brands: the lists' parameters, and brands as a facet. */
export const SEARCH_VIEW_SEARCH = {
  q: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  brand: '',
  ...NO_FACETS,
  sort: 'relevance' satisfies SearchSort,
  page: '1',
} as const;

/** The cars to compare, by id, comma-separated: `/compare?ids=…`. */
export const COMPARE_SEARCH = { ids: '' } as const;
/** At most this many side by side: three fit a laptop's width, and a phone's with a scroll. */
export const COMPARE_MAX = 3;

export const CAR_LIST_MAX_LIMIT = 100;

/** The database reads every car it skips (docs/list-paging.md, "Why cursors"). */
export const CAR_LIST_MAX_OFFSET = 10_000;
