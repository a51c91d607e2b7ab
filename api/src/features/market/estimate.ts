import { MIN_COMPARABLES } from '@usedcars/shared-contract';

/** One car of a model as the market reads it (docs/api.md, "Deal ratings"). */
export interface MarketCar {
  id: string;
  /** Null once the seller's account is gone: such cars count as one seller of their own. */
  sellerId: string | null;
  year: number;
  mileage: number | null;
  price: number;
  /** Listed and unsold: available or booked, and not hidden. Only these are comparables. */
  listed: boolean;
}

/** The car an estimate is for: a listed car, or one a seller is about to list (no id yet). */
export type MarketTarget = Pick<MarketCar, 'sellerId' | 'year' | 'mileage'> & { id?: string };

export interface Estimate {
  /** Rounded to $100; null with fewer than MIN_COMPARABLES comparables. */
  estimate: number | null;
  comparables: number;
}

/** "Year within one". */
export const YEARS_APART = 1;
/** One seller's cars count at most this often in another car's estimate: a few fakes cannot move it. */
export const PER_SELLER = 3;
/** The comparables nearest in mileage: a car is compared with cars driven about as far. */
export const NEAREST = 40;
/** Similar mileage: within 30 % of the larger, or 10,000 for cars driven little. */
const MILEAGE_SHARE = 0.3;
const MILEAGE_SLACK = 10_000;
/** A price further than this many (scaled) median absolute deviations from the median is an outlier. */
const OUTLIER_MADS = 3;
/** …and never closer than 5 % of the median, so a market of identical prices keeps a car $100 apart. */
const OUTLIER_FLOOR = 0.05;

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ascending = (a: number, b: number) => a - b;

/** The mileages b a car of mileage a may be compared with: |a - b| ≤ max(10,000, 30 % of the larger), solved for b. */
function mileageWindow(a: number): [number, number] {
  return [a - Math.max(MILEAGE_SLACK, MILEAGE_SHARE * a), Math.max(a + MILEAGE_SLACK, a / (1 - MILEAGE_SHARE))];
}

/** First index of `cars` at which `from` holds (it holds from there to the end). */
function firstWhere(cars: readonly MarketCar[], from: (car: MarketCar) => boolean): number {
  let low = 0;
  let high = cars.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (from(cars[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const byId = (a: MarketCar, b: MarketCar) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A run of candidates, each no nearer than the one before. */
interface Stream {
  peek(): MarketCar | undefined;
  next(): void;
}

function streamOf(cars: readonly MarketCar[], from: number, within: (car: MarketCar) => boolean = () => true): Stream {
  let at = from;
  return {
    peek: () => {
      const car = cars[at];
      return car && within(car) ? car : undefined;
    },
    next: () => void (at += 1),
  };
}

/** One year's listed cars of a model, in the orders they are read in. */
interface YearOfCars {
  /** Stated mileage, least driven first (ties by id). */
  up: MarketCar[];
  /** Stated mileage, most driven first (ties by id). */
  down: MarketCar[];
  unstated: MarketCar[];
  /** All of them by id: for a target of unknown mileage every car is as near. */
  all: MarketCar[];
}

/**
 * A model's listed cars by year, sorted by mileage, so a car's comparables are read outward from
 * its own mileage rather than sorted out of the whole model: a model of 8,000 cars is rated in
 * well under a second.
 */
export class MarketIndex {
  private readonly byYear = new Map<number, YearOfCars>();

  constructor(pool: readonly MarketCar[]) {
    const listed = pool.filter((car) => car.listed).sort(byId);
    for (const car of listed) {
      let year = this.byYear.get(car.year);
      if (!year) this.byYear.set(car.year, (year = { up: [], down: [], unstated: [], all: [] }));
      year.all.push(car);
      if (car.mileage === null) year.unstated.push(car);
      else year.up.push(car);
    }
    // Sorting is stable: cars of the same mileage stay in id order both ways.
    for (const year of this.byYear.values()) {
      year.down = [...year.up].sort((a, b) => b.mileage! - a.mileage!);
      year.up.sort((a, b) => a.mileage! - b.mileage!);
    }
  }

  /**
   * Another seller's listed cars a year apart at most and driven about as far, nearest in mileage
   * first, then nearer in year, then by id: the same order whoever asks and however the pool came.
   */
  *candidates(target: MarketTarget): Generator<MarketCar> {
    const streams: { stream: Stream; yearApart: number }[] = [];
    for (let year = target.year - YEARS_APART; year <= target.year + YEARS_APART; year++) {
      const cars = this.byYear.get(year);
      if (!cars) continue;
      const yearApart = Math.abs(year - target.year);
      const mileage = target.mileage;
      if (mileage === null) {
        streams.push({ stream: streamOf(cars.all, 0), yearApart });
        continue;
      }
      // A car that does not state its mileage is as near as can be.
      streams.push({ stream: streamOf(cars.unstated, 0), yearApart });
      const [low, high] = mileageWindow(mileage);
      streams.push({
        stream: streamOf(
          cars.up,
          firstWhere(cars.up, (car) => car.mileage! >= mileage),
          (car) => car.mileage! <= high,
        ),
        yearApart,
      });
      streams.push({
        stream: streamOf(
          cars.down,
          firstWhere(cars.down, (car) => car.mileage! < mileage),
          (car) => car.mileage! >= low,
        ),
        yearApart,
      });
    }
    const distance = (car: MarketCar) => (target.mileage === null || car.mileage === null ? 0 : Math.abs(car.mileage - target.mileage));
    // Each stream is already in this order, so the nearest of their heads is the nearest of all.
    const before = (a: MarketCar, aYears: number, b: MarketCar, bYears: number) => (distance(a) - distance(b) || aYears - bYears || byId(a, b)) < 0;
    for (;;) {
      let best: { stream: Stream; car: MarketCar; yearApart: number } | undefined;
      for (const { stream, yearApart } of streams) {
        const car = stream.peek();
        if (car && (!best || before(car, yearApart, best.car, best.yearApart))) best = { stream, car, yearApart };
      }
      if (!best) return;
      best.stream.next();
      const car = best.car;
      if (car.id !== target.id && (car.sellerId === null || car.sellerId !== target.sellerId)) yield car;
    }
  }
}

/**
 * The market's estimate of a car's price: the median of other sellers' listed cars of its model,
 * a year apart at most and driven about as far, each seller's nearest three at most, the nearest
 * forty in all, with outliers (by median absolute deviation) left out. Deterministic: the same
 * market gives the same estimate, whoever looks.
 */
export function estimate(target: MarketTarget, index: MarketIndex): Estimate {
  const perSeller = new Map<string, number>();
  const prices: number[] = [];
  for (const car of index.candidates(target)) {
    const seller = car.sellerId ?? '';
    const counted = perSeller.get(seller) ?? 0;
    if (counted >= PER_SELLER) continue;
    perSeller.set(seller, counted + 1);
    prices.push(car.price);
    if (prices.length === NEAREST) break;
  }
  prices.sort(ascending);
  if (prices.length === 0) return { estimate: null, comparables: 0 };
  const middle = median(prices);
  const spread = median(prices.map((price) => Math.abs(price - middle)).sort(ascending));
  const limit = Math.max(OUTLIER_MADS * 1.4826 * spread, OUTLIER_FLOOR * middle);
  const kept = prices.filter((price) => Math.abs(price - middle) <= limit);
  if (kept.length < MIN_COMPARABLES) return { estimate: null, comparables: kept.length };
  return { estimate: Math.round(median(kept) / 100) * 100, comparables: kept.length };
}
