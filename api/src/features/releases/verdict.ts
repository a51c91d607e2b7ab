import type { CanaryCheck, CanaryNumbers, CanaryVerdict } from '@usedcars/shared-contract';
import { type BaselineReading, type Rate, clearlyWorse, provenWithin } from './bounds';
import type { RollbackSettings } from './settings';

/** One side's numbers, with what the sequential test reads from them. */
export interface Measured {
  numbers: CanaryNumbers;
  /** Page views as the error test counts them (a network's errors without a view count as one), and those that failed. */
  views: Rate;
  /** Renders, and those that failed (the release's doing) or were left for a busy machine; the baseline's over the canary's minutes. */
  failures: Rate;
  busy: Rate;
  lcp: { samples: number; networks: number };
  inp: { samples: number; networks: number };
}

/** Google's "good" p75s: a canary at or under them is never failing on that vital, however it compares. */
const GOOD_MS = { LCP: 2500, INP: 200 } as const;

const shown = (rate: number | null) => `${((rate ?? 0) * 100).toFixed(1)} %`;
const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

type Settings = Pick<RollbackSettings, 'marginPoints' | 'vitalsMargin' | 'minNetworks' | 'minAgeMs'>;

/** A rate checked by the sequential test: failing, within, or waiting for numbers; `suspect` for browser evidence from too few networks. */
function rateCheck(
  check: CanaryCheck['check'],
  words: { what: string; over: string; baseline: string },
  canary: Rate,
  baseline: Rate,
  margin: number,
  networks?: { errors: number; views: number; min: number },
  reading: BaselineReading = 'presumed sound',
): CanaryCheck {
  const points = `margin ${Math.round(margin * 1000) / 10} points`;
  const said = `${words.what} ${shown(canary.trials ? canary.bad / canary.trials : 0)} over ${words.over}`;
  const against = `${words.baseline} ${shown(baseline.trials ? baseline.bad / baseline.trials : 0)}`;
  if (clearlyWorse(canary, baseline, margin, reading)) {
    if (!networks || networks.errors >= networks.min) return { check, state: 'failing', text: `${said}, ${against} (${points})` };
    const from = networks.errors === 1 ? '1 network' : `${networks.errors} networks`;
    return { check, state: 'suspect', text: `${said}, ${against} (${points}), but from ${from} only (${networks.min} needed to act): a person decides` };
  }
  if (networks && networks.views < networks.min) return { check, state: 'waiting', text: `${said}: waiting for ${networks.min} networks` };
  if (provenWithin(canary, baseline, margin, reading)) return { check, state: 'within', text: `${said}, within the margin of the ${against}` };
  return { check, state: 'waiting', text: `${said}: not enough to tell yet` };
}

/** p75 LCP or INP: failing past Google's "good" and the margin, on reports from enough networks. */
function vitalCheck(name: 'LCP' | 'INP', canary: Measured, baseline: Measured, settings: Settings, baselineName: string): CanaryCheck {
  const check = name === 'LCP' ? 'lcp' : 'inp';
  const [p75, base] = name === 'LCP' ? [canary.numbers.lcpP75, baseline.numbers.lcpP75] : [canary.numbers.inpP75, baseline.numbers.inpP75];
  const { samples, networks } = name === 'LCP' ? canary.lcp : canary.inp;
  if (p75 === null || samples === 0) return { check, state: 'not judged', text: `p75 ${name}: no measurement yet` };
  const what = `p75 ${name} ${Math.round(p75)} ms over ${samples} ${name === 'LCP' ? 'page loads' : 'interactions'} from ${networks} networks`;
  const past = base !== null && p75 > GOOD_MS[name] && p75 > base * (1 + settings.vitalsMargin);
  if (!past) return { check, state: 'within', text: `${what}, within "good" or the margin` };
  const text = `${what}, ${baselineName} ${Math.round(base)} ms (margin ${Math.round(settings.vitalsMargin * 100)} %)`;
  return networks >= settings.minNetworks ? { check, state: 'failing', text } : { check, state: 'waiting', text: `${text}: too few networks to judge` };
}

/** Every check, most trusted first: the render servers' own counts, then what pages report. */
function checksOf(canary: Measured, baseline: Measured, settings: Settings, baselineName: string): CanaryCheck[] {
  const margin = settings.marginPoints / 100;
  const { numbers } = canary;
  const rendered = numbers.renders > 0;
  const renderWords = (what: string, baselineWords = baselineName) => ({ what, over: `${numbers.renders} renders`, baseline: baselineWords });
  return [
    rendered
      ? rateCheck('render_failures', renderWords('render failures (screens that threw, builds not loaded)'), canary.failures, baseline.failures, margin)
      : { check: 'render_failures', state: 'not judged', text: 'no page of it rendered on the server yet' },
    rendered
      ? rateCheck(
          'busy_fallbacks',
          renderWords('pages left for the browser on a busy machine (render budget, full queue)', `${baselineName} over the same minutes`),
          canary.busy,
          baseline.busy,
          margin,
          undefined,
          'as measured',
        )
      : { check: 'busy_fallbacks', state: 'not judged', text: 'no page of it rendered on the server yet' },
    rateCheck(
      'error_rate',
      { what: 'error rate', over: `${numbers.pageViews} page views from ${numbers.networks} networks`, baseline: baselineName },
      canary.views,
      baseline.views,
      margin,
      { errors: numbers.errorNetworks, views: numbers.networks, min: settings.minNetworks },
    ),
    vitalCheck('LCP', canary, baseline, settings, baselineName),
    vitalCheck('INP', canary, baseline, settings, baselineName),
  ];
}

/** Nothing past a margin on the numbers as they are, however few: what a quiet remote's canary is judged on past the minimum age. */
function nothingPast(canary: Measured, baseline: Measured, margin: number): boolean {
  const rate = ({ bad, trials }: Rate) => (trials ? bad / trials : 0);
  return [
    [canary.failures, baseline.failures],
    [canary.busy, baseline.busy],
    [canary.views, baseline.views],
  ].every(([mine, theirs]) => rate(mine!) - rate(theirs!) <= margin);
}

/**
 * The canary's verdict against its baseline (docs/releases.md, "The verdict"), re-checked at every
 * evaluation: failing on the first check that fails; suspect when browser errors are past the
 * margin but come from too few networks (the ramp pauses, people decide); healthy once its render
 * failures and error rate are proven within their margins, the page views from enough networks (or,
 * past the minimum age, with enough networks and nothing past a margin on the few numbers there
 * are); undecided until then. Busy-machine fallbacks and vitals only ever fail it.
 */
export function judge(
  canary: Measured,
  baseline: Measured,
  settings: Settings,
  ageMs: number,
  baselineName: string,
): { verdict: CanaryVerdict; reason: string; checks: CanaryCheck[] } {
  const checks = checksOf(canary, baseline, settings, baselineName);
  const failing = checks.find((check) => check.state === 'failing');
  if (failing) return { verdict: 'failing', reason: failing.text, checks };
  const suspect = checks.find((check) => check.state === 'suspect');
  if (suspect) return { verdict: 'suspect', reason: suspect.text, checks };
  const { pageViews, networks, renders } = canary.numbers;
  const from = networks >= settings.minNetworks ? `${networks}` : `${networks} of ${settings.minNetworks}`;
  const progress = `${pageViews} page views from ${from} networks, ${renders} renders`;
  // A busy machine may fail a canary (clearly worse than the baseline's over the same minutes), never hold it back.
  const rateChecks = checks.filter((check) => check.check === 'render_failures' || check.check === 'error_rate');
  if (rateChecks.every((check) => check.state === 'within' || check.state === 'not judged'))
    return { verdict: 'healthy', reason: `within the margins of the ${baselineName} over ${progress}`, checks };
  if (ageMs >= settings.minAgeMs && networks >= settings.minNetworks && nothingPast(canary, baseline, settings.marginPoints / 100))
    return {
      verdict: 'healthy',
      reason: `no failures in ${minutes(ageMs)} (${progress}; past ${minutes(settings.minAgeMs)}, few numbers are enough)`,
      checks,
    };
  const waiting = rateChecks.find((check) => check.state === 'waiting')!;
  return { verdict: 'undecided', reason: `${progress}: ${waiting.text.replace(/^.*: /, '')} (${waiting.check.replace('_', ' ')})`, checks };
}
