// Free of zod: cards, the car's page and the facets read these (docs/performance.md, "zod in the bundles").
import { lazily } from './lazily';

export const FUELS = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export type Fuel = (typeof FUELS)[number];

export const GEARBOXES = ['manual', 'automatic'] as const;
export type Gearbox = (typeof GEARBOXES)[number];

export const BODIES = ['saloon', 'hatchback', 'estate', 'suv', 'coupe', 'convertible', 'van'] as const;
export type Body = (typeof BODIES)[number];

export const COLOURS = ['black', 'white', 'silver', 'grey', 'blue', 'red', 'green', 'brown', 'beige', 'yellow', 'orange', 'other'] as const;
export type Colour = (typeof COLOURS)[number];

/** What a form, a card and a facet call each value. */
export const FACT_LABELS = {
  fuel: { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' },
  gearbox: { manual: 'Manual', automatic: 'Automatic' },
  body: { saloon: 'Saloon', hatchback: 'Hatchback', estate: 'Estate', suv: 'SUV', coupe: 'Coupé', convertible: 'Convertible', van: 'Van' },
  colour: {
    black: 'Black',
    white: 'White',
    silver: 'Silver',
    grey: 'Grey',
    blue: 'Blue',
    red: 'Red',
    green: 'Green',
    brown: 'Brown',
    beige: 'Beige',
    yellow: 'Yellow',
    orange: 'Orange',
    other: 'Other',
  },
} as const satisfies { fuel: Record<Fuel, string>; gearbox: Record<Gearbox, string>; body: Record<Body, string>; colour: Record<Colour, string> };

/** A listing made before the facts existed, or a fact its seller left out. */
export const NOT_STATED = 'Not stated';

export const MILEAGE_MAX = 2_000_000;
export const PREVIOUS_OWNERS_MAX = 50;

/** The site's distance unit (GET /site-settings): every mileage is stored and shown in it. */
export const MILEAGE_UNITS = ['mi', 'km'] as const;
export type MileageUnit = (typeof MILEAGE_UNITS)[number];

const wholeNumber = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** "120,000": a distance or a count, grouped by thousands. */
export function formatWholeNumber(value: number): string {
  return wholeNumber().format(value);
}

export function formatMileage(mileage: number | null | undefined, unit: MileageUnit): string {
  return mileage === null || mileage === undefined ? NOT_STATED : `${formatWholeNumber(mileage)} ${unit}`;
}

/** "Diesel", or "Not stated" for a listing without it. */
export function factLabel<Fact extends keyof typeof FACT_LABELS>(fact: Fact, value: keyof (typeof FACT_LABELS)[Fact] | null | undefined): string {
  return value === null || value === undefined ? NOT_STATED : (FACT_LABELS[fact][value] as string);
}

export function formatOwners(previousOwners: number | null | undefined): string {
  return previousOwners === null || previousOwners === undefined ? NOT_STATED : formatWholeNumber(previousOwners);
}
