import { CATEGORIES, CATEGORY_PATHS, type Category } from './categories';
import { BODIES, FACT_LABELS, formatWholeNumber, FUELS, GEARBOXES, type Body, type Fuel, type Gearbox, type MileageUnit } from './carFacts';
import { DEAL_LABELS, DEAL_RATINGS, type DealRating } from './deals';
import { formatPrice } from './money';

// Free of zod: the search screen and the brand lists read these (docs/product.md, "Facets").

/** A band is [min, max): its key is how the address and the API name it. */
export interface Band {
  key: string;
  min: number;
  max: number | null;
}

const bands = (edges: readonly number[]): Band[] =>
  edges.map((min, index) => {
    const max = edges[index + 1] ?? null;
    return { key: `${min}-${max ?? ''}`, min, max };
  });

export const PRICE_BANDS: readonly Band[] = bands([0, 5_000, 10_000, 15_000, 20_000, 30_000, 50_000]);
export const MILEAGE_BANDS: readonly Band[] = bands([0, 10_000, 30_000, 60_000, 100_000, 150_000]);

/** The facets, in the order the filter panel shows them; each is also the address's parameter. */
export const FACET_NAMES = ['brand', 'price', 'year', 'mileage', 'fuel', 'gearbox', 'body', 'city', 'deal', 'priceDropped'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** Options picked per facet; several options of one facet are OR-ed, facets are AND-ed. */
export interface FacetSelection {
  brand?: Category[];
  price?: string[];
  year?: string[];
  mileage?: string[];
  fuel?: Fuel[];
  gearbox?: Gearbox[];
  body?: Body[];
  /** A car's location as its seller wrote it, matched whole (the text filter `location` matches a part). */
  city?: string[];
  deal?: DealRating[];
  priceDropped?: boolean;
}

export const FACET_TITLES: Record<FacetName, string> = {
  brand: 'Brand',
  price: 'Price',
  year: 'Year',
  mileage: 'Mileage',
  fuel: 'Fuel',
  gearbox: 'Gearbox',
  body: 'Body',
  city: 'Location',
  deal: 'Deal rating',
  priceDropped: 'Price dropped',
};

/** Options every car may have, in the order they are shown; year and city come from the cars themselves. */
export const FIXED_OPTIONS = {
  brand: CATEGORIES,
  price: PRICE_BANDS.map((band) => band.key),
  mileage: MILEAGE_BANDS.map((band) => band.key),
  fuel: FUELS,
  gearbox: GEARBOXES,
  body: BODIES,
  deal: DEAL_RATINGS,
  priceDropped: ['true'],
} as const satisfies Partial<Record<FacetName, readonly string[]>>;

/** One option with the number of cars picking it would show, given the other facets' picks. */
export interface FacetOption {
  value: string;
  count: number;
}

export type FacetCounts = Record<FacetName, FacetOption[]>;

/** Past this many, the location facet shows the busiest places (and any picked). */
export const CITY_OPTIONS_SHOWN = 12;

/** "Under $5,000", "$5,000–$10,000", "150,000 mi and over": a unit after the numbers comes once. */
function bandLabel(band: Band | undefined, format: (value: number) => string, unit = ''): string | undefined {
  if (!band) return undefined;
  if (band.min === 0 && band.max !== null) return `Under ${format(band.max)}${unit}`;
  return band.max === null ? `${format(band.min)}${unit} and over` : `${format(band.min)}–${format(band.max)}${unit}`;
}

/** What an option reads as: "Diesel", "Under $5,000", "10,000–30,000 mi", "Great deal". */
export function facetOptionLabel(facet: FacetName, value: string, unit: MileageUnit): string {
  switch (facet) {
    case 'brand':
      return CATEGORY_PATHS[value as Category]?.label ?? value;
    case 'price':
      return (
        bandLabel(
          PRICE_BANDS.find((band) => band.key === value),
          formatPrice,
        ) ?? value
      );
    case 'mileage':
      return (
        bandLabel(
          MILEAGE_BANDS.find((band) => band.key === value),
          formatWholeNumber,
          ` ${unit}`,
        ) ?? value
      );
    case 'fuel':
    case 'gearbox':
    case 'body':
      return (FACT_LABELS[facet] as Record<string, string>)[value] ?? value;
    case 'deal':
      return DEAL_LABELS[value as DealRating] ?? value;
    case 'priceDropped':
      return 'Price dropped';
    default:
      return value;
  }
}
