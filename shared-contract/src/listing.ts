/**
 * Constants of the car lists, kept apart from the zod schemas on purpose: browser bundles
 * import these, and a module that also builds schemas would drag zod (~22 KB) into every page.
 */

/** Header carrying a list's total when it is paged. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Headers carrying the opaque `cursor` of the page after and the page before the one answered;
 * absent where there is none. A cursor keeps the sort and filters it was given with.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const PREV_CURSOR_HEADER = 'X-Prev-Cursor';

export const CAR_SORTS = ['price', '-price', 'year', '-year', 'newest'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/**
 * A brand list's view in its address: every query parameter the list reads, with the value it has
 * when absent ('' for none). The screen registry declares it for the list's routes.
 */
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

/** Without `limit` a list answers at most this many cars. */
export const CAR_LIST_MAX_LIMIT = 100;

/**
 * The deepest `offset` the API accepts: the database still reads every car it skips, so deep
 * offsets cost more the deeper they go. Deeper pages follow the cursors, which cost the same at
 * any depth.
 */
export const CAR_LIST_MAX_OFFSET = 10_000;
