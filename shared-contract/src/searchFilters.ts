import { CATEGORY_PATHS } from './categories';
import type { MileageUnit } from './carFacts';
import { FACET_NAMES, facetOptionLabel, type FacetName } from './facets';
import type { SearchFilters } from './market';
import { formatPrice } from './money';
import { SITE_PATHS } from './sitePaths';

/** The picks of one facet as words: "Diesel or Hybrid". */
function facetWords(facet: FacetName, filters: SearchFilters, unit: MileageUnit): string | undefined {
  if (facet === 'priceDropped') return filters.priceDropped ? 'price dropped' : undefined;
  const picked = filters[facet];
  return picked?.length ? picked.map((value) => facetOptionLabel(facet, value, unit)).join(' or ') : undefined;
}

/**
 * A saved search's filters as words and as the address of the screen it was saved on, for the
 * "Save this search" dialog (its suggested name) and the Saved searches screen (docs/product.md,
 * "Saved searches"). The filters carry the screen's own names, so its address is theirs as they are.
 */
export function describeSearch(filters: SearchFilters, unit: MileageUnit): string {
  const { minPrice, maxPrice, q, location } = filters;
  const price =
    minPrice !== undefined && maxPrice !== undefined
      ? `${formatPrice(minPrice)}–${formatPrice(maxPrice)}`
      : minPrice !== undefined
        ? `from ${formatPrice(minPrice)}`
        : maxPrice !== undefined
          ? `under ${formatPrice(maxPrice)}`
          : undefined;
  const facets = FACET_NAMES.map((facet) => facetWords(facet, filters, unit));
  const parts = [q && `“${q}”`, price, location && `in ${location}`, ...facets].filter(Boolean);
  const what = filters.category ? `${CATEGORY_PATHS[filters.category].label} cars` : 'All cars';
  return [what, ...parts].join(', ');
}

/** The address's parameters of a search's filters: a facet's picks repeat their parameter. */
export function searchParamsOf(filters: Omit<SearchFilters, 'category'>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'minPrice', 'maxPrice', 'location', 'sort'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  for (const facet of FACET_NAMES) {
    if (facet === 'priceDropped') {
      if (filters.priceDropped) params.set(facet, 'true');
    } else for (const value of filters[facet] ?? []) params.append(facet, value);
  }
  return params;
}

export function savedSearchPath(filters: SearchFilters): string {
  const query = searchParamsOf(filters).toString();
  const path = filters.category ? CATEGORY_PATHS[filters.category].listRoute : SITE_PATHS.search;
  return `${path}${query ? `?${query}` : ''}`;
}
