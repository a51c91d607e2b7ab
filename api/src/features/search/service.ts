import { and, asc, count, desc, inArray, sql } from 'drizzle-orm';
import {
  CAR_LIST_MAX_LIMIT,
  CITY_OPTIONS_SHOWN,
  FACET_NAMES,
  FIXED_OPTIONS,
  type CarResponse,
  type FacetCounts,
  type FacetName,
  type FacetOption,
  type SearchQuery,
} from '@usedcars/shared-contract';
import type { ChangeFollower } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema';
import type { PhotoService } from '../photos/service';
import { toCar } from '../cars/car-response';
import { pickedOptions } from '../cars/facets';
import { countFacets } from './facet-counts';
import { TtlCache } from '../cars/list-cache';
import { SORT_KEYS, cacheKey, orderOf, whereOf } from '../cars/list-query';
import { readWords } from '../cars/words';

export interface SearchPage {
  cars: CarResponse[];
  total: number;
}

export interface SearchFacets {
  total: number;
  facets: FacetCounts;
}

/** Options in the order the panel shows them: fixed ones as listed, years newest first, places busiest first. */
function ordered(facet: FacetName, options: FacetOption[], picked: readonly string[]): FacetOption[] {
  const fixed = (FIXED_OPTIONS as Partial<Record<FacetName, readonly string[]>>)[facet];
  if (fixed) return fixed.flatMap((value) => options.filter((option) => option.value === value));
  if (facet === 'year') return [...options].sort((a, b) => (a.value < b.value ? 1 : -1));
  const busiest = [...options].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  return busiest.filter((option, index) => index < CITY_OPTIONS_SHOWN || picked.includes(option.value));
}

/**
 * One search across every brand (docs/api.md, "Search and facets"): full-text search ranked by
 * relevance, with typos corrected against the listings' own words, and facets counted in SQL
 * with the very filters of the results. Pages and counts are cached a few seconds, like the brand
 * lists', and dropped by any write in any API instance.
 */
export class Search implements ChangeFollower {
  private readonly pages: TtlCache<SearchPage>;
  private readonly counts: TtlCache<SearchFacets>;

  constructor(
    private readonly db: Db,
    private readonly photos: PhotoService,
    ttl: { pagesMs: number; countsMs: number },
  ) {
    this.pages = new TtlCache(ttl.pagesMs);
    this.counts = new TtlCache(ttl.countsMs);
  }

  invalidate(): void {
    this.pages.clear();
    this.counts.clear();
  }

  setCaching(on: boolean): void {
    for (const cache of [this.pages, this.counts]) cache.setPaused(!on);
  }

  async page(query: SearchQuery): Promise<SearchPage> {
    const key = cacheKey(query);
    const cached = this.pages.get(key);
    if (cached) return cached;
    const generation = this.pages.generation;
    const { limit = CAR_LIST_MAX_LIMIT, offset = 0, sort = 'relevance' } = query;
    const words = await readWords(this.db, query.q);
    const where = whereOf({ ...query, words });
    const order =
      sort === 'relevance'
        ? [...(words?.query ? [desc(sql`ts_rank_cd(${cars.search}, ${words.query}::tsquery)`)] : []), desc(cars.createdAt), asc(cars.id)]
        : orderOf(SORT_KEYS[sort]);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(cars)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(cars).where(where),
    ]);
    const photos = await this.photos.photosFor(rows);
    const page = { cars: rows.map((row) => toCar(row, photos.get(row.id))), total: counted?.total ?? 0 };
    this.pages.set(key, page, generation);
    return page;
  }

  /** Listed (or sold) cars by id, in the order asked; one ended, hidden or unknown is left out. */
  async byIds(ids: readonly string[]): Promise<CarResponse[]> {
    const rows = await this.db
      .select()
      .from(cars)
      .where(and(inArray(cars.id, [...ids]), whereOf({})));
    const photos = await this.photos.photosFor(rows);
    return ids.flatMap((id) => {
      const row = rows.find((one) => one.id === id);
      return row ? [toCar(row, photos.get(row.id))] : [];
    });
  }

  /** Each facet's options with the number of cars picking it would show (facet-counts.ts). */
  async facets(query: SearchQuery): Promise<SearchFacets> {
    const { limit: _limit, offset: _offset, sort: _sort, ...filters } = query;
    const key = cacheKey(filters);
    const cached = this.counts.get(key);
    if (cached) return cached;
    const generation = this.counts.generation;
    const words = await readWords(this.db, filters.q);
    const picked = pickedOptions(filters);
    // Facets alone (no words, no price range or place typed): the cars on the lists, which facet_counts counts.
    const listedOnly = words === null && filters.minPrice === undefined && filters.maxPrice === undefined && filters.location === undefined;
    const base = listedOnly ? null : (whereOf({ ...filters, words }, { facets: false }) ?? sql`true`);
    const { total, options } = await countFacets(this.db, base, filters);
    const facets = Object.fromEntries(
      FACET_NAMES.map((name) => [
        name,
        ordered(
          name,
          options.filter((option) => option.facet === name).map(({ value, count }) => ({ value, count })),
          picked[name] ?? [],
        ),
      ]),
    ) as FacetCounts;
    const counted = { total, facets };
    this.counts.set(key, counted, generation);
    return counted;
  }
}
