import { createHash } from 'node:crypto';
import { type SQL, and, count, eq } from 'drizzle-orm';
import { CAR_LIST_MAX_LIMIT, type CarResponse, type CarInput, type Category, GONE_NOTES } from '@usedcars/shared-contract';
import type { ChangeFollower } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { type CarRow, type UserRow, cars } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import type { PhotoService } from '../photos/service';
import { matchNewCar } from '../alerts/matching';
import { removedAs, toCar } from './car-response';
import { type CursorCodec, type Position } from './cursor';
import { TtlCache } from './list-cache';
import { readWords } from './words';
import { type CarListFilter, SORT_KEYS, beyond, cacheKey, orderOf, whereOf } from './list-query';

/** A list response ready to send: the JSON text, its ETag, the total for X-Total-Count and the cursors. */
export interface CarPage {
  body: string;
  etag: string;
  total: number;
  next?: string;
  prev?: string;
}

/** Brand lists: pages cached briefly by their query, totals longer by their filters (docs/list-paging.md, "Caching"). */
export class CarCatalog implements ChangeFollower {
  private readonly pages: TtlCache<CarPage>;
  private readonly totals: TtlCache<number>;
  /** The page a validated request address was last served with, found before validating again (docs/list-paging.md, "Caching"). */
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

  /** Called after any write that can change a list (cars, bookings, payments, accounts), in any API instance. */
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
    const where = whereOf({ ...filter, words: await readWords(this.db, filter.q) });
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
    // Short of a page before a cursor is the start of the list: served as the full first page.
    if (backwards && read.length < limit) return this.page({ ...filter, cursor: undefined });
    const rows = backwards ? read.slice(0, limit).reverse() : read.slice(0, limit);

    const edge = (row: (typeof rows)[number] | undefined) => row && { key: row.key, id: row.car.id };
    const cursorAt = (from: { key: string; id: string } | undefined, direction: Position['direction']) =>
      from && this.cursors.encode({ sort, direction, scope, key: from.key, id: from.id });
    const next = backwards || more ? cursorAt(edge(rows.at(-1)), 'after') : undefined;
    // Read forward, only the first page has nothing before it; an empty page past a cursor leads back from it.
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

  /** A car as stored, whatever its state. */
  async row(id: string): Promise<CarRow> {
    const [row] = await this.db.select().from(cars).where(eq(cars.id, id)).limit(1);
    if (!row) throw notFound(`No car with id ${id}`);
    return row;
  }

  async get(category: Category, id: string): Promise<CarResponse> {
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

  /** The seller is the caller (a sellerName in the body is not trusted); matching saved searches are told in the same transaction. */
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
          mileage: input.mileage,
          fuel: input.fuel,
          gearbox: input.gearbox,
          body: input.body,
          colour: input.colour,
          previousOwners: input.previousOwners,
          priceHistory: [{ price: input.currentPrice, at: new Date().toISOString() }],
        })
        .returning({ id: cars.id });
      if (!row) throw new Error('insert returned no car');
      await matchNewCar(tx, { id: row.id, carName: input.carName, currentPrice: input.currentPrice });
      return row.id;
    });
  }
}
