import { type SQL, and, inArray, or, sql } from 'drizzle-orm';
import { type Band, FACET_NAMES, type FacetName, type FacetSelection, MILEAGE_BANDS, PRICE_BANDS } from '@usedcars/shared-contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cars } from '../../db/schema';

/**
 * The facets (docs/api.md, "Search and facets"), each written once: the value a car has for it,
 * and the filter a selection of values makes. The brand lists and the search filter with these,
 * the facet counts group by the very same values, and saved searches' alerts match them, so a
 * count is always the number of cars its option leads to.
 */
interface Facet {
  /** The car's option as text, or null when it has none (a fact not stated, no rating). */
  value: SQL;
  /** The cars whose option is one of `values`. */
  filter(values: readonly string[]): SQL | undefined;
}

/** The band a column's value falls in, by the bands' own keys. */
function bandOf(column: AnyPgColumn, bands: readonly Band[]): SQL {
  // The bands are the contract's constants (digits and a dash), written into the statement.
  const cases = bands.map((band) =>
    band.max === null ? sql.raw(`ELSE '${band.key}'`) : sql`WHEN ${column} < ${sql.raw(String(band.max))} THEN ${sql.raw(`'${band.key}'`)}`,
  );
  return sql`(CASE WHEN ${column} IS NULL THEN NULL ${sql.join(cases, sql` `)} END)`;
}

/** Bands as ranges, so a filter can use the column's index rather than compute every car's band. */
function inBands(column: AnyPgColumn, bands: readonly Band[], values: readonly string[]): SQL | undefined {
  const picked = bands.filter((band) => values.includes(band.key));
  return or(
    ...picked.map((band) =>
      band.max === null
        ? sql`${column} >= ${sql.raw(String(band.min))}`
        : sql`(${column} >= ${sql.raw(String(band.min))} AND ${column} < ${sql.raw(String(band.max))})`,
    ),
  );
}

const byValue = (column: AnyPgColumn): Facet => ({ value: sql`${column}`, filter: (values) => inArray(column, [...values]) });

export const FACETS: Record<FacetName, Facet> = {
  brand: byValue(cars.category),
  price: { value: bandOf(cars.currentPrice, PRICE_BANDS), filter: (values) => inBands(cars.currentPrice, PRICE_BANDS, values) },
  year: byValue(cars.purchaseYear),
  mileage: { value: bandOf(cars.mileage, MILEAGE_BANDS), filter: (values) => inBands(cars.mileage, MILEAGE_BANDS, values) },
  fuel: byValue(cars.fuel),
  gearbox: byValue(cars.gearbox),
  body: byValue(cars.body),
  city: byValue(cars.location),
  deal: byValue(cars.dealRating),
  priceDropped: { value: sql`(CASE WHEN ${cars.priceDropped} THEN 'true' END)`, filter: () => sql`${cars.priceDropped}` },
};

/** A selection's options per facet, as text; a facet with nothing picked is left out. */
export function pickedOptions(selection: FacetSelection): Partial<Record<FacetName, string[]>> {
  const picked: Partial<Record<FacetName, string[]>> = {};
  for (const name of FACET_NAMES) {
    const value = selection[name];
    if (name === 'priceDropped') {
      if (value === true) picked.priceDropped = ['true'];
    } else if (Array.isArray(value) && value.length > 0) picked[name] = [...new Set(value as string[])];
  }
  return picked;
}

/** The filters of every picked facet, but `except` (a facet's own options are counted without its own filter). */
export function facetWhere(selection: FacetSelection, except?: FacetName): SQL | undefined {
  const picked = pickedOptions(selection);
  return and(...Object.entries(picked).flatMap(([name, values]) => (name === except ? [] : [FACETS[name as FacetName].filter(values)])));
}
