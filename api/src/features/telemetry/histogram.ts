/**
 * A fixed-bucket histogram: bucket i counts values up to BOUNDS[i] (above the one before), the
 * last one everything past the largest bound. Fixed bounds make two histograms add up bucket by
 * bucket (in SQL too), which is what lets per-minute rows be merged into any window.
 * Times are in ms; CLS is stored times 1,000 (a score of 0.1 is 100).
 */
const BOUNDS = [
  1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000,
  15000, 20000, 30000, 60000,
];
const BUCKETS = BOUNDS.length + 1;

export const emptyBuckets = (): number[] => new Array<number>(BUCKETS).fill(0);

export function bucketOf(value: number): number {
  const index = BOUNDS.findIndex((bound) => value <= bound);
  return index === -1 ? BOUNDS.length : index;
}

/** Adds `from` into `into`, bucket by bucket. */
export function addBuckets(into: number[], from: readonly number[]): void {
  for (let i = 0; i < BUCKETS; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
}

/** The value below which a share `q` of the values fall, read linearly within its bucket; null for no values. */
export function quantile(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < BUCKETS; i += 1) {
    const count = buckets[i] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = i === 0 ? 0 : BOUNDS[i - 1]!;
      const upper = BOUNDS[Math.min(i, BOUNDS.length - 1)]!;
      return lower + ((upper - lower) * (rank - seen)) / count;
    }
    seen += count;
  }
  return BOUNDS.at(-1)!;
}
