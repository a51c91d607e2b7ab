import { sql } from 'drizzle-orm';
import { modelKeyOf } from '../../db/schema';
import { type Category, type DealRating, rateDeal } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type Estimate, MarketIndex, type MarketCar, YEARS_APART, estimate } from './estimate';

type Tx = Pick<Db, 'execute'>;

interface RatedRow {
  id: string;
  seller_id: string | null;
  purchase_year: string;
  mileage: number | null;
  current_price: string | number;
  listed: boolean;
  market_estimate: string | number | null;
  market_comparables: number;
  deal_rating: string | null;
}

interface Rating {
  id: string;
  estimate: number | null;
  comparables: number;
  rating: DealRating | null;
  ratio: number | null;
}

/** Rows of either driver's result. */
function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

const asCar = (row: RatedRow): MarketCar => ({
  id: row.id,
  sellerId: row.seller_id,
  year: Number(row.purchase_year),
  mileage: row.mileage,
  price: Number(row.current_price),
  listed: row.listed,
});

/** A model's cars of some years: every one of them, with whether it is a comparable. */
async function carsOfModel(tx: Tx, modelKey: string, fromYear: number, toYear: number): Promise<RatedRow[]> {
  return rowsOf<RatedRow>(
    await tx.execute(sql`SELECT id, seller_id, purchase_year, mileage, current_price, market_estimate, market_comparables, deal_rating,
        status IN ('available', 'booked') AND hidden_by IS NULL AS listed
      FROM cars WHERE model_key = ${modelKey} AND purchase_year BETWEEN ${String(fromYear)} AND ${String(toYear)}`),
  );
}

/** Written in batches: a catalog seeded at once rates a model's thousands of cars. */
const WRITE_BATCH = 2_000;

/**
 * Writes the ratings that changed. A car another transaction holds (a write in flight) is skipped:
 * that write marks its model again, so it is rated once it lands, and the two never wait on each other.
 */
async function writeRatings(tx: Tx, ratings: Rating[]): Promise<void> {
  for (let start = 0; start < ratings.length; start += WRITE_BATCH) {
    const batch = JSON.stringify(ratings.slice(start, start + WRITE_BATCH));
    await tx.execute(sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${batch}::jsonb) AS r(id uuid, estimate numeric, comparables int, rating text, ratio real)),
        free AS (SELECT cars.id FROM cars JOIN v USING (id) FOR UPDATE OF cars SKIP LOCKED)
      UPDATE cars SET market_estimate = v.estimate, market_comparables = v.comparables, deal_rating = v.rating, deal_ratio = v.ratio
      FROM v WHERE cars.id = v.id AND cars.id IN (SELECT id FROM free)`);
  }
}

function ratingOf(price: number, found: Estimate): Omit<Rating, 'id'> {
  if (found.estimate === null) return { ...found, rating: null, ratio: null };
  return { ...found, rating: rateDeal(price, found.estimate), ratio: price / found.estimate };
}

/**
 * The market's deal ratings (docs/api.md, "Deal ratings"). A trigger on cars marks a model and
 * year whenever a car of it is listed, repriced, sold, ended, hidden, moved or deleted; settle()
 * rates again every car those changes can concern (the years next to it) and writes what changed.
 * The API settles after each write it accepts, before responding; seeds and start-up settle too.
 */
export class Market {
  constructor(private readonly db: Db) {}

  /** Returns how many cars' ratings changed. */
  async settle(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = rowsOf<{ model_key: string; purchase_year: string }>(
        await tx.execute(sql`DELETE FROM market_dirty WHERE (model_key, purchase_year) IN
          (SELECT model_key, purchase_year FROM market_dirty FOR UPDATE SKIP LOCKED) RETURNING model_key, purchase_year`),
      );
      const yearsByModel = new Map<string, number[]>();
      for (const row of claimed) yearsByModel.set(row.model_key, [...(yearsByModel.get(row.model_key) ?? []), Number(row.purchase_year)]);
      let changed = 0;
      for (const [modelKey, years] of yearsByModel) changed += await this.rateModel(tx, modelKey, years);
      return changed;
    });
  }

  /** Every car of the years next to a changed one, against the cars next to it in turn. */
  private async rateModel(tx: Tx, modelKey: string, changedYears: number[]): Promise<number> {
    const years = changedYears.filter(Number.isFinite);
    if (years.length === 0) return 0;
    const targets = new Set(years.flatMap((year) => [year - YEARS_APART, year, year + YEARS_APART]));
    const rows = await carsOfModel(tx, modelKey, Math.min(...years) - 2 * YEARS_APART, Math.max(...years) + 2 * YEARS_APART);
    const index = new MarketIndex(rows.map(asCar));
    const changes: Rating[] = [];
    for (const row of rows) {
      const car = asCar(row);
      if (!targets.has(car.year)) continue;
      const rated = ratingOf(car.price, estimate(car, index));
      const before = row.market_estimate === null ? null : Number(row.market_estimate);
      if (rated.estimate !== before || rated.comparables !== row.market_comparables || rated.rating !== row.deal_rating) changes.push({ id: car.id, ...rated });
    }
    await writeRatings(tx, changes);
    return changes.length;
  }

  /** What a seller's car would be estimated at, before it is listed or while it is repriced (GET /market/estimate). */
  async estimateFor(sellerId: string, car: { category: Category; carName: string; year: number; mileage: number | null; id?: string }): Promise<Estimate> {
    const [row] = rowsOf<{ model_key: string }>(
      await this.db.execute(sql`SELECT ${modelKeyOf(sql`${car.category}::text`, sql`${car.carName}::text`)} AS model_key`),
    );
    const pool = await carsOfModel(this.db, row!.model_key, car.year - YEARS_APART, car.year + YEARS_APART);
    return estimate({ id: car.id, sellerId, year: car.year, mileage: car.mileage }, new MarketIndex(pool.map(asCar)));
  }
}
