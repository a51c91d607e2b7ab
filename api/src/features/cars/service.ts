import { createHash } from 'node:crypto';
import { type SQL, and, asc, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import {
  CAR_LIST_MAX_LIMIT,
  type Car,
  type CarInput,
  type CarListQuery,
  type CarSort,
  type CarStatus,
  type Category,
} from '@usedcars/shared-contract';
import type { CacheHolder } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { type CarRow, type UserRow, cars } from '../../db/schema';
import { notFound } from '../../http/errors';
import { TtlCache } from './list-cache';

export function toCar(row: CarRow): Car {
  return {
    _id: row.id,
    carName: row.carName,
    img: row.img,
    currentPrice: row.currentPrice,
    price: row.price,
    purchaseYear: row.purchaseYear,
    condition: row.condition,
    contact: row.contact,
    details: row.details,
    location: row.location,
    used: row.used,
    sellerName: row.sellerName,
    time: row.time,
    categoryName: row.category as Category,
    status: row.status as CarStatus,
  };
}

/** User text inside LIKE is literal: %, _ and \ lose their pattern meaning. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Must stay the expression of the trigram index cars_search_trgm_idx (drizzle/0001_search.sql). */
const searchText = sql`(${cars.carName} || ' ' || ${cars.details} || ' ' || ${cars.location})`;

const ORDER: Record<CarSort, SQL[]> = {
  newest: [desc(cars.createdAt), desc(cars.id)],
  price: [asc(cars.currentPrice), asc(cars.id)],
  '-price': [desc(cars.currentPrice), desc(cars.id)],
  year: [asc(cars.purchaseYear), asc(cars.id)],
  '-year': [desc(cars.purchaseYear), desc(cars.id)],
};

export interface CarListFilter extends CarListQuery {
  category: Category;
  sellerName?: string;
  /** A seller's own cars: names are not unique, ids are. */
  sellerId?: string;
}

function whereOf(filter: CarListFilter): SQL | undefined {
  return and(
    eq(cars.category, filter.category),
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
function cacheKey(query: object): string {
  return JSON.stringify(Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A list answer ready to send: the JSON text, its ETag and the total for X-Total-Count. */
export interface CarPage {
  body: string;
  etag: string;
  total: number;
}

/**
 * Brand lists. Pages are cached briefly by their query; totals longer, by their filters, since
 * a count over a large brand costs far more than the page itself (an index range scan).
 */
export class CarCatalog implements CacheHolder {
  private readonly pages: TtlCache<CarPage>;
  private readonly totals: TtlCache<number>;
  /**
   * The hot path of a popular list: the page a request address was last answered with, found
   * before the query is validated again. Only addresses that passed validation are remembered.
   * Each keeps its own reference to its page (the page cache may have dropped it since), under
   * the same TTL and entry limit as the page cache, and is cleared with it on every write.
   */
  private readonly byAddress: TtlCache<CarPage>;

  constructor(
    private readonly db: Db,
    ttl: { pagesMs: number; totalsMs: number },
  ) {
    this.pages = new TtlCache(ttl.pagesMs);
    this.byAddress = new TtlCache(ttl.pagesMs);
    this.totals = new TtlCache(ttl.totalsMs);
  }

  /** Called after any write that can change a list (cars, bookings, payments, accounts), in any API copy. */
  invalidate(): void {
    this.pages.clear();
    this.totals.clear();
    this.byAddress.clear();
  }

  setCaching(on: boolean): void {
    for (const cache of [this.pages, this.totals, this.byAddress]) cache.setPaused(!on);
  }

  cachedForAddress(address: string): CarPage | undefined {
    return this.byAddress.get(address);
  }

  async pageForAddress(address: string, filter: CarListFilter): Promise<CarPage> {
    const generation = this.byAddress.generation;
    const page = await this.page(filter);
    this.byAddress.set(address, page, generation);
    return page;
  }

  async page(filter: CarListFilter): Promise<CarPage> {
    const { limit = CAR_LIST_MAX_LIMIT, offset = 0, sort = 'newest', ...filters } = filter;
    // Keyed on the validated query, not the URL: unknown parameters are gone, the same page is one entry.
    const pageKey = cacheKey({ ...filters, limit, offset, sort });
    const cached = this.pages.get(pageKey);
    if (cached) return cached;
    const filterKey = cacheKey(filters);
    // Taken before reading: a write that lands while the rows are read makes them too old to keep.
    const generations = { page: this.pages.generation, total: this.totals.generation };

    const where = whereOf(filter);
    const rows = await this.db
      .select()
      .from(cars)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(limit)
      .offset(offset);
    // A short page tells the total by itself, unless it is an empty page past the end.
    const shortPage = rows.length < limit && (rows.length > 0 || offset === 0);
    const total = shortPage ? offset + rows.length : await this.total(filterKey, where, generations.total);
    const body = JSON.stringify(rows.map(toCar));
    const page = { body, total, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    this.pages.set(pageKey, page, generations.page);
    return page;
  }

  private async total(filterKey: string, where: SQL | undefined, generation: number): Promise<number> {
    const cached = this.totals.get(filterKey);
    if (cached !== undefined) return cached;
    const [row] = await this.db.select({ total: count() }).from(cars).where(where);
    const total = row?.total ?? 0;
    this.totals.set(filterKey, total, generation);
    return total;
  }

  async get(category: Category, id: string): Promise<Car> {
    const [row] = await this.db
      .select()
      .from(cars)
      .where(and(eq(cars.id, id), eq(cars.category, category)))
      .limit(1);
    if (!row) throw notFound(`No ${category} car with id ${id}`);
    return toCar(row);
  }

  /** The seller is the caller: a sellerName in the body is SPEC compatibility, not trusted. */
  async create(seller: UserRow, input: CarInput): Promise<string> {
    const [row] = await this.db
      .insert(cars)
      .values({
        category: input.categoryName,
        carName: input.carName,
        img: input.img,
        currentPrice: input.currentPrice,
        price: input.price,
        purchaseYear: input.purchaseYear,
        condition: input.condition,
        contact: input.contact,
        details: input.details,
        location: input.location,
        used: input.used,
        sellerName: seller.name,
        sellerId: seller.id,
        time: input.time,
      })
      .returning({ id: cars.id });
    if (!row) throw new Error('insert returned no car');
    return row.id;
  }
}
