import { formatPrice } from './money';

// Free of zod: cards and the car's page show a rating (docs/product.md, "Deal rating").

export const DEAL_RATINGS = ['great', 'good', 'fair', 'high', 'overpriced'] as const;
export type DealRating = (typeof DEAL_RATINGS)[number];

export const DEAL_LABELS: Record<DealRating, string> = {
  great: 'Great deal',
  good: 'Good deal',
  fair: 'Fair price',
  high: 'High price',
  overpriced: 'Overpriced',
};

export const NO_RATING = 'No rating yet';

/** Fewer comparable cars than this give no estimate: a median of three or four says little. */
export const MIN_COMPARABLES = 5;

/** The highest price / estimate each step takes, best first; above the last, Overpriced. */
const STEPS: readonly [number, DealRating][] = [
  [0.9, 'great'],
  [0.97, 'good'],
  [1.03, 'fair'],
  [1.1, 'high'],
];

/** The step a price takes against the market's estimate. */
export function rateDeal(price: number, estimate: number): DealRating {
  const ratio = price / estimate;
  return STEPS.find(([most]) => ratio <= most)?.[1] ?? 'overpriced';
}

/** What the API says of a car's price against the market (GET /audis/{id}'s `market`). */
export interface MarketView {
  /** In dollars, rounded to $100; null below MIN_COMPARABLES. */
  estimate: number | null;
  /** Other sellers' listed cars the estimate comes from, outliers left out. */
  comparables: number;
  rating: DealRating | null;
}

const similar = (count: number) => `${count} similar ${count === 1 ? 'car' : 'cars'}`;

/** "$1,200 below the $14,300 estimate from 23 similar cars", or why there is no rating yet. */
export function dealReason(price: number, market: MarketView): string {
  if (market.estimate === null) {
    return market.comparables === 0
      ? 'No similar cars are listed by other sellers yet.'
      : `Only ${similar(market.comparables)} listed by other sellers; a rating needs ${MIN_COMPARABLES}.`;
  }
  const difference = Math.round(price - market.estimate);
  const from = `the ${formatPrice(market.estimate)} estimate from ${similar(market.comparables)}`;
  if (difference === 0) return `At ${from}`;
  return `${formatPrice(Math.abs(difference))} ${difference < 0 ? 'below' : 'above'} ${from}`;
}
