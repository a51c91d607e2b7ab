import { type SQL, and, asc, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CarListQuery, CarSort, Category } from '@usedcars/shared-contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cars } from '../../db/schema';
import type { Position } from './cursor';

export interface CarListFilter extends CarListQuery {
  category: Category;
  sellerName?: string;
  /** A seller's own cars: names are not unique, ids are. */
  sellerId?: string;
}

/** User text inside LIKE is literal: %, _ and \ lose their pattern meaning. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Must stay the expression of the trigram index cars_search_trgm_idx (drizzle/0001_search.sql). */
const searchText = sql`(${cars.carName} || ' ' || ${cars.details} || ' ' || ${cars.location})`;

/** Ended or hidden listings leave every list but their seller's own My Products (docs/product.md, "Listings kept current"). */
const onTheLists = and(inArray(cars.status, ['available', 'booked', 'sold']), isNull(cars.hiddenBy));

export function whereOf(filter: CarListFilter): SQL | undefined {
  return and(
    eq(cars.category, filter.category),
    filter.sellerId === undefined ? onTheLists : undefined,
    filter.sellerName === undefined ? undefined : eq(cars.sellerName, filter.sellerName),
    filter.sellerId === undefined ? undefined : eq(cars.sellerId, filter.sellerId),
    filter.minPrice === undefined ? undefined : gte(cars.currentPrice, filter.minPrice),
    filter.maxPrice === undefined ? undefined : lte(cars.currentPrice, filter.maxPrice),
    filter.year === undefined ? undefined : eq(cars.purchaseYear, filter.year),
    filter.location === undefined ? undefined : ilike(cars.location, containsPattern(filter.location)),
    filter.q === undefined ? undefined : sql`${searchText} ilike ${containsPattern(filter.q)}`,
    filter.status === undefined ? undefined : eq(cars.status, filter.status),
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
  column: AnyPgColumn;
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

export const SORT_KEYS: Record<CarSort, SortKey> = {
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
