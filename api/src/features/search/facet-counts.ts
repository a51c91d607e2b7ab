import { type SQL, sql } from 'drizzle-orm';
import { FACET_NAMES, type FacetName, type FacetSelection } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { FACETS, pickedOptions } from '../cars/facets';

export interface CountedOption {
  facet: FacetName;
  value: string;
  count: number;
}

const value = (name: FacetName) => sql.raw(`v_${name}`);
const passes = (name: FacetName) => sql.raw(`p_${name}`);

/** Rows of either driver's result. */
function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/**
 * Every facet's options with the number of cars picking each would show, and the total, in one
 * statement and one pass over the cars (docs/api.md, "Search and facets"). A facet's options
 * are counted among the cars that pass every filter but its own, so several options of one
 * facet add up as the list shows them; only the cars that fail at most one picked facet can
 * count anywhere, and the rest are left out before anything is grouped. One GROUPING SETS
 * aggregate then counts each facet's options, each with its own filter.
 */
export async function countFacets(
  db: Pick<Db, 'execute'>,
  base: SQL | undefined,
  selection: FacetSelection,
): Promise<{ total: number; options: CountedOption[] }> {
  const picked = pickedOptions(selection);
  const pickedNames = Object.keys(picked) as FacetName[];
  const allPass = (except?: FacetName) => sql.join([sql`true`, ...pickedNames.filter((name) => name !== except).map(passes)], sql` AND `);
  const failures =
    pickedNames.length === 0
      ? sql`0`
      : sql.join(
          pickedNames.map((name) => sql`(NOT ${passes(name)})::int`),
          sql` + `,
        );
  const columns = [
    ...FACET_NAMES.map((name) => sql`${FACETS[name].value} AS ${value(name)}`),
    ...pickedNames.map((name) => sql`coalesce(${FACETS[name].filter(picked[name]!)}, false) AS ${passes(name)}`),
  ];
  const result = await db.execute(sql`SELECT
      ${sql.join(
        FACET_NAMES.map((name) => sql`grouping(${value(name)}) = 0 AS ${sql.raw(`g_${name}`)}, ${value(name)}::text AS ${value(name)}`),
        sql`, `,
      )},
      ${sql.join(
        FACET_NAMES.map((name) => sql`count(*) FILTER (WHERE ${allPass(name)})::int AS ${sql.raw(`c_${name}`)}`),
        sql`, `,
      )},
      count(*) FILTER (WHERE ${allPass()})::int AS c_total
    FROM (SELECT ${sql.join(columns, sql`, `)} FROM cars WHERE ${base ?? sql`true`}) AS matched
    WHERE ${failures} <= 1
    GROUP BY GROUPING SETS (${sql.join(
      FACET_NAMES.map((name) => sql`(${value(name)})`),
      sql`, `,
    )}, ())`);
  const options: CountedOption[] = [];
  let total = 0;
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const facet = FACET_NAMES.find((name) => row[`g_${name}`] === true || row[`g_${name}`] === 't');
    if (!facet) {
      total = Number(row.c_total);
      continue;
    }
    const count = Number(row[`c_${facet}`]);
    const option = row[`v_${facet}`];
    if (typeof option === 'string' && count > 0) options.push({ facet, value: option, count });
  }
  return { total, options };
}
