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

function similarMileage(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return true;
  return Math.abs(a - b) <= Math.max(MILEAGE_SLACK, MILEAGE_SHARE * Math.max(a, b));
}

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ascending = (a: number, b: number) => a - b;

/**
 * The market's estimate of a car's price: the median of other sellers' listed cars of its model
 * (the caller passes only those), a year apart at most and driven about as far, each seller's
 * nearest three at most, the nearest forty in all, with outliers (by median absolute deviation)
 * left out. Deterministic: the same market gives the same estimate, whoever looks.
 */
export function estimate(target: MarketTarget, pool: readonly MarketCar[]): Estimate {
  const candidates = pool
    .filter(
      (car) =>
        car.listed &&
        car.id !== target.id &&
        (car.sellerId === null || car.sellerId !== target.sellerId) &&
        Math.abs(car.year - target.year) <= YEARS_APART &&
        similarMileage(car.mileage, target.mileage),
    )
    .map((car) => ({ car, distance: target.mileage === null || car.mileage === null ? 0 : Math.abs(car.mileage - target.mileage) }))
    .sort((a, b) => a.distance - b.distance || Math.abs(a.car.year - target.year) - Math.abs(b.car.year - target.year) || (a.car.id < b.car.id ? -1 : 1));
  const perSeller = new Map<string, number>();
  const prices: number[] = [];
  for (const { car } of candidates) {
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

/** The mileages b a car of mileage a may be compared with (similarMileage, solved for b). */
function mileageWindow(a: number): [number, number] {
  return [a - Math.max(MILEAGE_SLACK, MILEAGE_SHARE * a), Math.max(a + MILEAGE_SLACK, a / (1 - MILEAGE_SHARE))];
}

/** First index whose mileage is at least `value`, in cars sorted by mileage. */
function lowerBound(cars: readonly MarketCar[], value: number): number {
  let low = 0;
  let high = cars.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cars[mid]!.mileage! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * A model's listed cars by year, sorted by mileage, so each car's candidates are a range read
 * rather than the whole model: a model of 8,000 cars is rated in well under a second.
 */
export class MarketIndex {
  private readonly byYear = new Map<number, { stated: MarketCar[]; unstated: MarketCar[] }>();

  constructor(pool: readonly MarketCar[]) {
    for (const car of pool) {
      if (!car.listed) continue;
      let year = this.byYear.get(car.year);
      if (!year) this.byYear.set(car.year, (year = { stated: [], unstated: [] }));
      (car.mileage === null ? year.unstated : year.stated).push(car);
    }
    for (const year of this.byYear.values()) year.stated.sort((a, b) => a.mileage! - b.mileage!);
  }

  /** The listed cars that may be the target's comparables; estimate() applies the rules. */
  near(target: MarketTarget): MarketCar[] {
    const found: MarketCar[] = [];
    for (let year = target.year - YEARS_APART; year <= target.year + YEARS_APART; year++) {
      const cars = this.byYear.get(year);
      if (!cars) continue;
      found.push(...cars.unstated);
      if (target.mileage === null) {
        found.push(...cars.stated);
        continue;
      }
      const [from, to] = mileageWindow(target.mileage);
      for (let index = lowerBound(cars.stated, from); index < cars.stated.length && cars.stated[index]!.mileage! <= to; index++)
        found.push(cars.stated[index]!);
    }
    return found;
  }
}
