import type { CanaryAnalysis, CanaryNumbers, CanaryVerdict } from '@usedcars/shared-contract';
import type { RollbackSettings } from './settings';

/** One side's numbers, with how many measurements each p75 is read from. */
export interface Measured {
  numbers: CanaryNumbers;
  lcpSamples: number;
  inpSamples: number;
}

/** Google's "good" p75s: a canary at or under them is never failing on that vital, however it compares. */
const GOOD_MS = { LCP: 2500, INP: 200 } as const;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);
const shown = (value: number) => `${value.toFixed(1)} %`;

type Minimums = Pick<RollbackSettings, 'minViews' | 'minRenders'>;

/**
 * The checks past their margin, most trusted first: the render fallback rate (the render servers'
 * own counts), the error rate, p75 LCP and p75 INP; each only once the canary has its minimum of
 * renders, page views or measurements.
 */
function pastMargins(canary: Measured, baseline: Measured, settings: RollbackSettings, baselineName: string, minimums: Minimums): string[] {
  const { marginPoints, vitalsMargin } = settings;
  const [mine, theirs] = [canary.numbers, baseline.numbers];
  const margin = `margin ${marginPoints} points`;
  const found: string[] = [];
  if (mine.renders > 0 && mine.renders >= minimums.minRenders) {
    const [rate, base] = [percent(mine.renderFallbacks, mine.renders), percent(theirs.renderFallbacks, theirs.renders)];
    if (rate - base > marginPoints) found.push(`render fallback rate ${shown(rate)} over ${mine.renders} renders, ${baselineName} ${shown(base)} (${margin})`);
  }
  if (mine.pageViews > 0 && mine.pageViews >= minimums.minViews) {
    const [rate, base] = [percent(mine.errors, mine.pageViews), percent(theirs.errors, theirs.pageViews)];
    if (rate - base > marginPoints) found.push(`error rate ${shown(rate)} over ${mine.pageViews} page views, ${baselineName} ${shown(base)} (${margin})`);
  }
  const vitals = [
    { name: 'LCP', p75: mine.lcpP75, base: theirs.lcpP75, samples: canary.lcpSamples, what: 'page loads' },
    { name: 'INP', p75: mine.inpP75, base: theirs.inpP75, samples: canary.inpSamples, what: 'interactions' },
  ] as const;
  for (const { name, p75, base, samples, what } of vitals) {
    if (p75 === null || base === null || samples === 0 || samples < minimums.minViews) continue;
    if (p75 > GOOD_MS[name] && p75 > base * (1 + vitalsMargin))
      found.push(
        `p75 ${name} ${Math.round(p75)} ms over ${samples} ${what}, ${baselineName} ${Math.round(base)} ms (margin ${Math.round(vitalsMargin * 100)} %)`,
      );
  }
  return found;
}

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

/** "13 of 50 views, 20 of 50 renders": what an undecided canary still waits for. */
function progressText({ views, minViews, renders, minRenders }: CanaryAnalysis['progress']): string {
  return `${views} of ${minViews} views, ${renders} of ${minRenders} renders`;
}

/**
 * The canary's verdict against its baseline (docs/releases.md, "The verdict"): failing as soon as
 * one check is past its margin over enough numbers; healthy once it has its minimum views and
 * renders with none past, or once it is older than the minimum age with none past even on the few
 * numbers it has; undecided until then.
 */
export function judge(
  canary: Measured,
  baseline: Measured,
  settings: RollbackSettings,
  progress: CanaryAnalysis['progress'],
  baselineName: string,
): { verdict: CanaryVerdict; reason: string } {
  const [failing] = pastMargins(canary, baseline, settings, baselineName, settings);
  if (failing) return { verdict: 'failing', reason: failing };
  const { views, minViews, renders, minRenders, ageMs, minAgeMs } = progress;
  if (views >= minViews && renders >= minRenders)
    return { verdict: 'healthy', reason: `within the margins of the ${baselineName} over ${views} page views and ${renders} renders` };
  if (ageMs < minAgeMs) return { verdict: 'undecided', reason: progressText(progress) };
  const [doubtful] = pastMargins(canary, baseline, settings, baselineName, { minViews: 0, minRenders: 0 });
  if (doubtful) return { verdict: 'undecided', reason: `${doubtful}, too few to act on (${progressText(progress)})` };
  return { verdict: 'healthy', reason: `no failures in ${minutes(ageMs)} (${progressText(progress)}; past ${minutes(minAgeMs)}, few numbers are enough)` };
}
