/**
 * The sequential test's confidence levels (docs/releases.md, "The verdict"): a canary is failing
 * only when it is worse than its baseline by more than the margin even at the 99.95 % bounds of
 * both, and proven within the margin at the 95 % bounds. Both are checked again at every
 * evaluation, on all the numbers since the canary started.
 */
const FAILING_Z = 3.29;
const WITHIN_Z = 1.645;

/**
 * The Wilson score interval of `bad` in `trials` at `z` standard deviations: the range the true
 * rate lies in, which is wide on a few trials and narrows as they come. [0, 1] with none.
 */
function rateBounds(bad: number, trials: number, z: number): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 1 };
  const rate = bad / trials;
  const z2 = z * z;
  const centre = rate + z2 / (2 * trials);
  const spread = z * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials));
  const scale = 1 + z2 / trials;
  return { low: Math.max(0, (centre - spread) / scale), high: Math.min(1, (centre + spread) / scale) };
}

export interface Rate {
  bad: number;
  trials: number;
}

/**
 * The baseline is what visitors have now, presumed sound: its numbers start from one failure in a
 * hundred, so a baseline seen a few times over the canary's minutes (a quiet site, a canary at 50 %)
 * never excuses a canary failing for most of its visitors, while a well-measured one speaks for itself.
 */
const PRESUMED = { bad: 1, trials: 100 };

/**
 * How the baseline is read: `presumed sound` for what the release's code decides (errors, render
 * failures); `as measured` for what the machine's load decides (pages left for a busy machine), where
 * the baseline's own rate over the same minutes is the only fair comparison, however high.
 */
export type BaselineReading = 'presumed sound' | 'as measured';

const baselineBounds = ({ bad, trials }: Rate, z: number, reading: BaselineReading) =>
  reading === 'presumed sound' ? rateBounds(bad + PRESUMED.bad, trials + PRESUMED.trials, z) : rateBounds(bad, trials, z);

/** Worse than the baseline by more than `margin` (a share, 0.05 for 5 points) even at their least unfavourable bounds. */
export const clearlyWorse = (canary: Rate, baseline: Rate, margin: number, reading: BaselineReading = 'presumed sound') =>
  canary.trials > 0 && rateBounds(canary.bad, canary.trials, FAILING_Z).low - baselineBounds(baseline, FAILING_Z, reading).high > margin;

/** Within `margin` of the baseline even at their most unfavourable bounds. */
export const provenWithin = (canary: Rate, baseline: Rate, margin: number, reading: BaselineReading = 'presumed sound') =>
  canary.trials > 0 && rateBounds(canary.bad, canary.trials, WITHIN_Z).high - baselineBounds(baseline, WITHIN_Z, reading).low <= margin;
