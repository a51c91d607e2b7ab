import type { CarSort } from '@usedcars/shared-contract';

// The view's reading and writing live beside the list's loader, so the shell reads an address as the list does.
export {
  DEFAULT_SORT,
  FILTER_KEYS,
  LAST_NUMBERED_PAGE,
  PAGE_SIZE,
  hasFilters,
  readListView,
  sameFilters,
  toCarListQuery,
  writeListView,
  type CarFilters,
  type ListView,
} from '@usedcars/shared-api/loaders';

/**
 * The sorts are the contract's CAR_SORTS (listing.ts, kept free of zod for browser bundles); the
 * Record below is checked against CarSort, so a new sort fails the type check until it has a label.
 */
export const SORT_LABELS: Record<CarSort, string> = {
  newest: 'Newest first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-year': 'Year: newest first',
  year: 'Year: oldest first',
};
