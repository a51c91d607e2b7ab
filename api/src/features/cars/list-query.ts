import { type SQL, and, asc, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CarListQuery, CarSort, Category, FacetSelection } from '@usedcars/shared-contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEAL_ORDER, cars, type Words } from '../../db/schema';
import type { Position } from './cursor';
import { facetWhere } from './facets';
import { containsPattern, wordsWhere } from './words';

export interface CarListFilter extends CarListQuery {
  category: Category;
  sellerName?: string;
  /** A seller's own cars: names are not unique, ids are. */
  sellerId?: string;
}

/** What a list or the search filters by: a brand list's query (or the search's, across brands) with its words read. */
export type CarFilters = Omit<CarListQuery, 'q' | 'limit' | 'offset' | 'cursor' | 'sort'> &
  FacetSelection & {
    category?: Category;
    sellerName?: string;
    sellerId?: string;
    /** The words as read (words.ts): null or absent for none. */
    words?: Words | null;
  };

/** Ended or hidden listings leave every list but their seller's own My Products (docs/product.md, "Listings kept current"). */
const onTheLists = and(inArray(cars.status, ['available', 'booked', 'sold']), isNull(cars.hiddenBy));

/** The cars a list shows; with `facets: false`, before the facets' picks (what the facet counts start from). */
export function whereOf(filter: CarFilters, { facets = true } = {}): SQL | undefined {
  return and(
    filter.category === undefined ? undefined : eq(cars.category, filter.category),
    filter.sellerId === undefined ? onTheLists : undefined,
    filter.sellerName === undefined ? undefined : eq(cars.sellerName, filter.sellerName),
    filter.sellerId === undefined ? undefined : eq(cars.sellerId, filter.sellerId),
    filter.minPrice === undefined ? undefined : gte(cars.currentPrice, filter.minPrice),
    filter.maxPrice === undefined ? undefined : lte(cars.currentPrice, filter.maxPrice),
    filter.location === undefined ? undefined : ilike(cars.location, containsPattern(filter.location)),
    wordsWhere(filter.words),
    filter.status === undefined ? undefined : eq(cars.status, filter.status),
    facets ? facetWhere(filter) : undefined,
  );
}

/** The same filters give the same key, whatever order they came in; absent ones are left out. */
export function cacheKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** One column then the id, in one direction, each with an index led by category: any page is an index range scan (docs/list-paging.md). */
interface SortKey {
  column: AnyPgColumn | SQL;
  descending: boolean;
  /** The column's value as the cursor carries it: exact, whatever the driver maps it to. */
  text: SQL<string>;
  /** That text read back as the column's type. */
  value(key: string): SQL;
}

const byCreated = {
  column: cars.createdAt,
  text: sql<string>`to_char(${cars.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  value: (key: string) => sql`${key}::timestamptz`,
};
const byPrice = { column: cars.currentPrice, text: sql<string>`${cars.currentPrice}::text`, value: (key: string) => sql`${key}::numeric` };
const byYear = { column: cars.purchaseYear, text: sql<string>`${cars.purchaseYear}`, value: (key: string) => sql`${key}` };

/** Price over the market's estimate, unrated cars last (schema.ts, DEAL_ORDER); the real keeps its exact value as text. */
const byDeal = { column: DEAL_ORDER, text: sql<string>`${DEAL_ORDER}::text`, value: (key: string) => sql`${key}::real` };

export const SORT_KEYS: Record<CarSort, SortKey> = {
  deal: { ...byDeal, descending: false },
  newest: { ...byCreated, descending: true },
  price: { ...byPrice, descending: false },
  '-price': { ...byPrice, descending: true },
  year: { ...byYear, descending: false },
  '-year': { ...byYear, descending: true },
};

/** The order of a sort, or its reverse (to read the page before a cursor). */
export function orderOf(key: SortKey, reverse = false): SQL[] {
  const direction = key.descending !== reverse ? desc : asc;
  return [direction(key.column), direction(cars.id)];
}

/** The cars strictly past a position in the order the rows are read in. */
export function beyond(key: SortKey, position: Position): SQL {
  const readsDescending = key.descending !== (position.direction === 'before');
  const row = sql`(${key.column}, ${cars.id})`;
  const at = sql`(${key.value(position.key)}, ${position.id}::uuid)`;
  return readsDescending ? sql`${row} < ${at}` : sql`${row} > ${at}`;
}
