/**
 * Constants of the car lists, kept apart from the zod schemas on purpose: browser bundles
 * import these, and a module that also builds schemas would drag zod (~22 KB) into every page.
 */

/** Header carrying a list's total when it is paged. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const CAR_SORTS = ['price', '-price', 'year', '-year', 'newest'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/** Without `limit` a list answers at most this many cars. */
export const CAR_LIST_MAX_LIMIT = 100;
