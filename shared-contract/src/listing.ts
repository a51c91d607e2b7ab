// Free of zod on purpose: browser bundles import these (docs/performance.md, "zod in the bundles").
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const PREV_CURSOR_HEADER = 'X-Prev-Cursor';

export const CAR_SORTS = ['price', '-price', 'year', '-year', 'newest', 'deal'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/** The search's sorts: the lists' and relevance to the words, its default. */
export const SEARCH_SORTS = ['relevance', ...CAR_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const LIST_VIEW_SEARCH = {
  q: '',
  minPrice: '',
  maxPrice: '',
  year: '',
  location: '',
  sort: 'newest' satisfies CarSort,
  page: '1',
  cursor: '',
} as const;

export const CAR_LIST_MAX_LIMIT = 100;

/** At most this many side by side: three fit a laptop's width, and a phone's with a scroll. */
export const COMPARE_MAX = 3;

/** The database reads every car it skips (docs/list-paging.md, "Why cursors"). */
export const CAR_LIST_MAX_OFFSET = 10_000;
