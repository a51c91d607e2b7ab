import { type SQL, and, inArray, sql } from 'drizzle-orm';
import { FACET_NAMES, type FacetName, type FacetSelection } from '@usedcars/shared-contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { facetCounts } from '../../db/schema';
import { FACETS, pickedOptions } from '../cars/facets';

export interface CountedOption {
  facet: FacetName;
  value: string;
  count: number;
}

// Quoted: unquoted, PostgreSQL would fold priceDropped's names to lower case and the rows would not find them.
const value = (name: FacetName) => sql.identifier(`v_${name}`);
const grouped = (name: FacetName) => sql.identifier(`g_${name}`);

/** Where the counts are read: the cars themselves, or the counts per combination the trigger keeps. */
interface CountSource {
  from: SQL;
  /** How many cars a row stands for. */
  weight: SQL;
  facets: Record<FacetName, Pick<(typeof FACETS)[FacetName], 'value' | 'filter'>>;
}

const CARS: CountSource = { from: sql`cars`, weight: sql`1`, facets: FACETS };

const byColumn = (column: AnyPgColumn) => ({ value: sql`${column}`, filter: (values: readonly string[]) => inArray(column, [...values]) });

/** facet_counts holds each band's key, so every facet is its column there. */
const PRECOUNTED: CountSource = {
  from: sql`facet_counts`,
  weight: sql`${facetCounts.cars}`,
  facets: {
    brand: byColumn(facetCounts.category),
    price: byColumn(facetCounts.price),
    year: byColumn(facetCounts.year),
    mileage: byColumn(facetCounts.mileage),
    fuel: byColumn(facetCounts.fuel),
    gearbox: byColumn(facetCounts.gearbox),
    body: byColumn(facetCounts.body),
    city: byColumn(facetCounts.location),
    deal: byColumn(facetCounts.dealRating),
    priceDropped: { value: sql`(CASE WHEN ${facetCounts.priceDropped} THEN 'true' END)`, filter: () => sql`${facetCounts.priceDropped}` },
  },
};

/** Rows of either driver's result. */
function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/**
 * Every facet's options with the number of cars picking each would show, and the total
 * (docs/api.md, "Search and facets"). A facet's options are counted among the cars that pass
 * every filter but its own, so several options of one facet add up as the list shows them. That
 * takes one statement for the facets nobody picked (and the total), over the cars passing every
 * pick, and one per picked facet, over the cars passing the other picks: each a narrow set the
 * facet columns' indexes find, run side by side on the pool. Without a base (no words, no filter
 * but the facets' own: `base` null) they read facet_counts instead, a row per combination of options.
 */
export async function countFacets(db: Pick<Db, 'execute'>, base: SQL | null, selection: FacetSelection): Promise<{ total: number; options: CountedOption[] }> {
  const { from, weight, facets } = base === null ? PRECOUNTED : CARS;
  const picked = pickedOptions(selection);
  const pickedNames = FACET_NAMES.filter((name) => picked[name] !== undefined);
  const unpicked = FACET_NAMES.filter((name) => picked[name] === undefined);
  const passing = (except?: FacetName) =>
    and(base ?? undefined, ...pickedNames.filter((name) => name !== except).map((name) => facets[name].filter(picked[name]!))) ?? sql`true`;
  const unpickedCounts = db.execute(sql`SELECT
      ${sql.join([...unpicked.map((name) => sql`grouping(${value(name)}) = 0 AS ${grouped(name)}, ${value(name)}`), sql`sum(weight)::int AS count`], sql`, `)}
    FROM (SELECT ${sql.join([sql`${weight} AS weight`, ...unpicked.map((name) => sql`${facets[name].value}::text AS ${value(name)}`)], sql`, `)}
      FROM ${from} WHERE ${passing()}) AS matched
    GROUP BY GROUPING SETS (${sql.join([...unpicked.map((name) => sql`(${value(name)})`), sql`()`], sql`, `)})`);
  const pickedCounts = pickedNames.map((name) =>
    db.execute(sql`SELECT ${facets[name].value}::text AS option, sum(${weight})::int AS count FROM ${from} WHERE ${passing(name)} GROUP BY 1`),
  );
  const [everyPick, ...ownPicks] = await Promise.all([unpickedCounts, ...pickedCounts]);
  const options: CountedOption[] = [];
  const add = (facet: FacetName, option: unknown, count: unknown) => {
    if (typeof option === 'string' && Number(count) > 0) options.push({ facet, value: option, count: Number(count) });
  };
  let total = 0;
  for (const row of rowsOf<Record<string, unknown>>(everyPick)) {
    const facet = unpicked.find((name) => row[`g_${name}`] === true || row[`g_${name}`] === 't');
    if (facet) add(facet, row[`v_${facet}`], row.count);
    else total = Number(row.count);
  }
  pickedNames.forEach((name, index) => {
    for (const row of rowsOf<{ option: unknown; count: unknown }>(ownPicks[index])) add(name, row.option, row.count);
  });
  return { total, options };
}
