import { createHash } from 'node:crypto';
import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  CAR_LIST_MAX_LIMIT,
  type CarAnswer,
  type CarPhoto,
  type CarInput,
  type CarListQuery,
  type CarSort,
  type CarStatus,
  type Category,
  GONE_NOTES,
  LISTING_ENDINGS,
  type ListingEnding,
} from '@usedcars/shared-contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CacheHolder } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { type CarRow, type UserRow, cars } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import type { PhotoService } from '../photos/service';
import { matchNewCar } from '../alerts/matching';
import { type CursorCodec, type Position } from './cursor';
import { TtlCache } from './list-cache';

export function toCar(row: CarRow, photos: CarPhoto[] = []): CarAnswer {
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
    photos,
    priceHistory: row.priceHistory,
    ...(row.hiddenBy ? { hiddenReason: row.hiddenReason ?? '' } : {}),
  };
}

/** Why a car is no longer shown (hidden by moderation, or ended by its seller), or null while it is. */
export function removedAs(row: Pick<CarRow, 'hiddenBy' | 'status'>): 'hidden' | ListingEnding | null {
  if (row.hiddenBy) return 'hidden';
  return (LISTING_ENDINGS as readonly string[]).includes(row.status) ? (row.status as ListingEnding) : null;
}

/** User text inside LIKE is literal: %, _ and \ lose their pattern meaning. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Must stay the expression of the trigram index cars_search_trgm_idx (drizzle/0001_search.sql). */
const searchText = sql`(${cars.carName} || ' ' || ${cars.details} || ' ' || ${cars.location})`;

/**
 * Every sort is one column then the id, in one direction, and each has an index led by category
 * (schema.ts), so a page after or before a cursor is an index range scan at any depth.
 */
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

const SORT_KEYS: Record<CarSort, SortKey> = {
  newest: { ...byCreated, descending: true },
  price: { ...byPrice, descending: false },
  '-price': { ...byPrice, descending: true },
  year: { ...byYear, descending: false },
  '-year': { ...byYear, descending: true },
};

/** The order of a sort, or its reverse (to read the page before a cursor). */
function orderOf(key: SortKey, reverse = false): SQL[] {
  const direction = key.descending !== reverse ? desc : asc;
  return [direction(key.column), direction(cars.id)];
}

/** The cars strictly past a position in the order the rows are read in. */
function beyond(key: SortKey, position: Position): SQL {
  const readsDescending = key.descending !== (position.direction === 'before');
  const row = sql`(${key.column}, ${cars.id})`;
  const at = sql`(${key.value(position.key)}, ${position.id}::uuid)`;
  return readsDescending ? sql`${row} < ${at}` : sql`${row} > ${at}`;
}

export interface CarListFilter extends CarListQuery {
  category: Category;
  sellerName?: string;
  /** A seller's own cars: names are not unique, ids are. */
  sellerId?: string;
}

/**
 * Ended or hidden listings leave every list but their seller's own My Products, which shows why
 * (docs/product.md, "Listings kept current").
 */
const onTheLists = and(inArray(cars.status, ['available', 'booked', 'sold']), isNull(cars.hiddenBy));

function whereOf(filter: CarListFilter): SQL | undefined {
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
function cacheKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** A list answer ready to send: the JSON text, its ETag, the total for X-Total-Count and the cursors. */
export interface CarPage {
  body: string;
  etag: string;
  total: number;
  next?: string;
  prev?: string;
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
    private readonly photos: PhotoService,
    ttl: { pagesMs: number; totalsMs: number },
    private readonly cursors: CursorCodec,
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
    const { limit = CAR_LIST_MAX_LIMIT, offset, cursor, sort = 'newest', ...filters } = filter;
    if (cursor !== undefined && offset !== undefined) throw badRequest('Send either cursor or offset, not both: a cursor already says where the page starts');
    // Keyed on the validated query, not the URL: unknown parameters are gone, the same page is one entry.
    const pageKey = cacheKey({ ...filters, limit, sort, ...(cursor === undefined ? { offset: offset ?? 0 } : { cursor }) });
    const cached = this.pages.get(pageKey);
    if (cached) return cached;
    const filterKey = cacheKey(filters);
    const scope = this.cursors.scopeOf(filterKey);
    const position = cursor === undefined ? undefined : this.cursors.decode(cursor, { sort, scope });
    // Taken before reading: a write that lands while the rows are read makes them too old to keep.
    const generations = { page: this.pages.generation, total: this.totals.generation };

    const key = SORT_KEYS[sort];
    const where = whereOf(filter);
    const backwards = position?.direction === 'before';
    // One more than the page tells whether another page follows, without counting.
    const read = await this.db
      .select({ car: cars, key: key.text })
      .from(cars)
      .where(position ? and(where, beyond(key, position)) : where)
      .orderBy(...orderOf(key, backwards))
      .limit(limit + 1)
      .offset(offset ?? 0);
    const more = read.length > limit;
    // Short of a page before a cursor is the start of the list: answered as the full first page.
    if (backwards && read.length < limit) return this.page({ ...filter, cursor: undefined });
    const rows = backwards ? read.slice(0, limit).reverse() : read.slice(0, limit);

    const edge = (row: (typeof rows)[number] | undefined) => row && { key: row.key, id: row.car.id };
    const cursorAt = (from: { key: string; id: string } | undefined, direction: Position['direction']) =>
      from && this.cursors.encode({ sort, direction, scope, key: from.key, id: from.id });
    const next = backwards || more ? cursorAt(edge(rows.at(-1)), 'after') : undefined;
    // Read forward, only the first page has nothing before it; an empty page past a cursor leads
    // back from that cursor.
    const prev = backwards
      ? more
        ? cursorAt(edge(rows[0]), 'before')
        : undefined
      : position || offset
        ? cursorAt(edge(rows[0]) ?? position, 'before')
        : undefined;

    // A short page read by offset tells the total by itself, unless it is an empty page past the end.
    const shortPage = !position && !more && (rows.length > 0 || !offset);
    const total = shortPage ? (offset ?? 0) + rows.length : await this.total(filterKey, where, generations.total);
    const photos = await this.photos.photosFor(rows.map((row) => row.car));
    const body = JSON.stringify(rows.map((row) => toCar(row.car, photos.get(row.car.id))));
    const etag = `W/"${createHash('sha1')
      .update(`${body}\n${next ?? ''}\n${prev ?? ''}`)
      .digest('base64url')}"`;
    const page: CarPage = { body, total, etag, next, prev };
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

  async get(category: Category, id: string): Promise<CarAnswer> {
    const [row] = await this.db
      .select()
      .from(cars)
      .where(and(eq(cars.id, id), eq(cars.category, category)))
      .limit(1);
    if (!row) throw notFound(`No ${category} car with id ${id}`);
    const removed = removedAs(row);
    if (removed) throw new HttpError(410, GONE_NOTES[removed], { removed });
    return toCar(row, (await this.photos.photosFor([row])).get(row.id));
  }

  /**
   * The seller is the caller: a sellerName in the body is kept for old clients, not trusted. The
   * saved searches it matches are notified in the same transaction (features/alerts/matching.ts).
   */
  async create(seller: UserRow, input: CarInput): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
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
          priceHistory: [{ price: input.currentPrice, at: new Date().toISOString() }],
        })
        .returning({ id: cars.id });
      if (!row) throw new Error('insert returned no car');
      await matchNewCar(tx, { id: row.id, carName: input.carName, currentPrice: input.currentPrice });
      return row.id;
    });
  }
}
