import { FACET_NAMES, FIXED_OPTIONS, type FacetName, type FacetSelection } from '@usedcars/shared-contract';

/**
 * The facets' picks in a list's address (docs/product.md, "Facets"): each facet's parameter
 * repeated once per option (`fuel=diesel&fuel=hybrid`), in the order the options are shown, so a
 * reload, Back and a shared link show the same cars and the same address names the same page.
 */

/** The API's limit on a location. */
const MAX_CITY = 120;
// eslint-disable-next-line no-control-regex -- what it refuses: the API takes no control character
const CONTROL = /[\u0000-\u001f\u007f]/;

const fixed = FIXED_OPTIONS as Partial<Record<FacetName, readonly string[]>>;

/** Options the API would refuse (a hand-edited link) are dropped rather than turned into an error page. */
function validOption(facet: FacetName, value: string): boolean {
  if (facet === 'year') return /^\d{4}$/.test(value);
  if (facet === 'city') return value.trim() !== '' && value.length <= MAX_CITY && !CONTROL.test(value);
  return fixed[facet]?.includes(value) ?? false;
}

/** The picks of the named facets; each option once, the fixed ones in the panel's order. */
export function readFacets(params: URLSearchParams, facets: readonly FacetName[]): FacetSelection {
  const selection: Record<string, unknown> = {};
  for (const facet of facets) {
    if (facet === 'priceDropped') {
      if (params.get(facet) === 'true') selection.priceDropped = true;
      continue;
    }
    const picked = [...new Set(params.getAll(facet).map((value) => (facet === 'city' ? value.trim() : value)))].filter((value) => validOption(facet, value));
    const order = fixed[facet];
    if (order) picked.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    else if (facet === 'year') picked.sort().reverse();
    if (picked.length > 0) selection[facet] = picked;
  }
  return selection as FacetSelection;
}

export function writeFacets(params: URLSearchParams, selection: FacetSelection): void {
  for (const facet of FACET_NAMES) {
    if (facet === 'priceDropped') {
      if (selection.priceDropped) params.set(facet, 'true');
    } else for (const value of selection[facet] ?? []) params.append(facet, value);
  }
}

/** The options picked of one facet, as text. */
export function pickedOf(selection: FacetSelection, facet: FacetName): readonly string[] {
  if (facet === 'priceDropped') return selection.priceDropped ? ['true'] : [];
  return selection[facet] ?? [];
}

/** The selection with one option picked or unpicked; the facet's other picks stay (they are OR-ed). */
export function toggleOption(selection: FacetSelection, facet: FacetName, value: string): FacetSelection {
  const next: Record<string, unknown> = { ...selection };
  if (facet === 'priceDropped') {
    if (selection.priceDropped) delete next.priceDropped;
    else next.priceDropped = true;
    return next as FacetSelection;
  }
  const picked = pickedOf(selection, facet);
  const changed = picked.includes(value) ? picked.filter((option) => option !== value) : [...picked, value];
  if (changed.length === 0) delete next[facet];
  else next[facet] = changed;
  return readFacets(toParams(next as FacetSelection), FACET_NAMES);
}

function toParams(selection: FacetSelection): URLSearchParams {
  const params = new URLSearchParams();
  writeFacets(params, selection);
  return params;
}

export function hasFacets(selection: FacetSelection): boolean {
  return FACET_NAMES.some((facet) => pickedOf(selection, facet).length > 0);
}

/** Only the facets' picks of a view's filters. */
export function facetsOf(selection: FacetSelection): FacetSelection {
  return readFacets(toParams(selection), FACET_NAMES);
}
