import { CATEGORY_PATHS } from './categories';
import type { SearchFilters } from './market';
import { formatPrice } from './money';

/**
 * A saved search's filters as words and as the brand list's address, for the "Save this search"
 * dialog (its suggested name) and the Saved searches screen (docs/product.md, "Saved searches").
 * The filters carry the brand list's own names, so its address is theirs as they are.
 */
export function describeSearch(filters: SearchFilters): string {
  const { minPrice, maxPrice, q, year, location } = filters;
  const price =
    minPrice !== undefined && maxPrice !== undefined
      ? `${formatPrice(minPrice)}–${formatPrice(maxPrice)}`
      : minPrice !== undefined
        ? `from ${formatPrice(minPrice)}`
        : maxPrice !== undefined
          ? `under ${formatPrice(maxPrice)}`
          : undefined;
  const parts = [q && `“${q}”`, price, year, location && `in ${location}`].filter(Boolean);
  return [`${CATEGORY_PATHS[filters.category].label} cars`, ...parts].join(', ');
}

export function savedSearchPath(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'minPrice', 'maxPrice', 'year', 'location', 'sort'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return `${CATEGORY_PATHS[filters.category].listRoute}${query ? `?${query}` : ''}`;
}
