import type { CanaryNumbers } from '@usedcars/shared-contract';
import { CANARY_SETTINGS } from '../../../test/canary-site';
import { type Measured, judge } from './verdict';

const S = CANARY_SETTINGS;
const NONE: CanaryNumbers = {
  pageViews: 0,
  errors: 0,
  errorRate: null,
  networks: 0,
  errorNetworks: 0,
  renders: 0,
  renderFallbacks: 0,
  renderFallbackRate: null,
  renderFailures: 0,
  renderFailureRate: null,
  busyFallbacks: 0,
  busyFallbackRate: null,
  lcpP75: null,
  inpP75: null,
};

interface Side {
  views?: number;
  errors?: number;
  networks?: number;
  errorNetworks?: number;
  renders?: number;
  failures?: number;
  busy?: number;
  lcpP75?: number | null;
  lcpNetworks?: number;
}
/** One side as the analysis measures it: each view from its own network unless told otherwise. */
function side({
  views = 0,
  errors = 0,
  networks = views,
  errorNetworks = Math.min(errors, networks),
  renders = 0,
  failures = 0,
  busy = 0,
  lcpP75 = null,
  lcpNetworks = networks,
}: Side): Measured {
  return {
    numbers: { ...NONE, pageViews: views, errors, networks, errorNetworks, renders, renderFailures: failures, busyFallbacks: busy, lcpP75 },
    views: { bad: Math.min(errors, views), trials: views },
    failures: { bad: failures, trials: renders },
    busy: { bad: busy, trials: renders },
    lcp: { samples: lcpP75 === null ? 0 : views, networks: lcpNetworks },
    inp: { samples: 0, networks: 0 },
  };
}
/** A live release with plenty of traffic: 0.4 % errors, 0.2 % render failures, 9.5 % pages left for the busy machine. */
const LIVE = side({ views: 5000, errors: 20, renders: 4000, failures: 8, busy: 380, lcpP75: 1800 });
const verdictOf = (canary: Measured, ageMs = 0, baseline = LIVE) => judge(canary, baseline, S, ageMs, 'live release');
const stateOf = (canary: Measured, check: string) => verdictOf(canary).checks.find((one) => one.check === check)?.state;

describe('the verdict on a canary', () => {
  it('rolls back a build failing for every visitor within its first page views from enough networks', () => {
    expect(verdictOf(side({ views: 11, errors: 11 })).verdict).toBe('suspect');
    const failing = verdictOf(side({ views: 12, errors: 12 }));
    expect(failing.verdict).toBe('failing');
    expect(failing.reason).toBe('error rate 100.0 % over 12 page views from 12 networks, live release 0.4 % (margin 5 points)');
  });

  it('is suspect, never failing, on errors from two networks however many views they say failed', () => {
    const forged = verdictOf(side({ views: 40, errors: 40, networks: 2, errorNetworks: 2 }));
    expect(forged.verdict).toBe('suspect');
    expect(forged.reason).toBe(
      'error rate 100.0 % over 40 page views from 2 networks, live release 0.4 % (margin 5 points), but from 2 networks only (12 needed to act): a person decides',
    );
  });

  it('waits while a small difference needs more numbers, and is healthy once the numbers show it within the margin', () => {
    expect(verdictOf(side({ views: 200, errors: 16 })).verdict).toBe('undecided');
    expect(verdictOf(side({ views: 2000, errors: 40 })).verdict).toBe('healthy');
  });

  it('needs clean page views from enough networks to be healthy: padding from a few cannot push it up', () => {
    const padded = verdictOf(side({ views: 300, networks: 3 }));
    expect(padded.verdict).toBe('undecided');
    expect(padded.reason).toBe('300 page views from 3 of 12 networks, 0 renders: waiting for 12 networks (error rate)');
    expect(verdictOf(side({ views: 300, networks: 12 })).verdict).toBe('healthy');
  });

  it('judges render failures on the render servers’ own counts, with no networks needed', () => {
    const broken = verdictOf(side({ views: 3, renders: 8, failures: 8 }));
    expect(broken.verdict).toBe('failing');
    expect(broken.reason).toBe('render failures (screens that threw, builds not loaded) 100.0 % over 8 renders, live release 0.2 % (margin 5 points)');
  });

  it('does not blame a canary for a busy machine the live release shared: 2 of its first 10 renders past the budget', () => {
    const busy = side({ views: 10, renders: 10, busy: 2 });
    expect(stateOf(busy, 'busy_fallbacks')).toBe('waiting');
    expect(verdictOf(busy).verdict).not.toBe('failing');
    // Nor for one much busier than usual: the live release's own misses over the same minutes are the measure, however high.
    const crowded = side({ views: 8, renders: 8, busy: 7 });
    const crowdedBaseline = side({ views: 8, renders: 8, busy: 5, failures: 0 });
    expect(verdictOf(crowded, 0, crowdedBaseline).verdict).not.toBe('failing');
    // A build much slower than the live release over the same minutes is.
    const slow = verdictOf(side({ views: 60, renders: 60, busy: 40 }));
    expect(slow.verdict).toBe('failing');
    expect(slow.reason).toMatch(
      /^pages left for the browser on a busy machine \(render budget, full queue\) 66\.7 % over 60 renders, live release over the same minutes 9\.5 %/,
    );
  });

  it('is not judged on renders when none of its pages is rendered on the server (screens rendered in the browser by design)', () => {
    const dashboard = verdictOf(side({ views: 300 }));
    expect(dashboard.checks.slice(0, 2).map((check) => check.state)).toEqual(['not judged', 'not judged']);
    expect(dashboard.verdict).toBe('healthy');
  });

  it('rolls back on a slow p75 LCP only when enough networks report it', () => {
    expect(verdictOf(side({ views: 300, lcpP75: 4200 })).verdict).toBe('failing');
    expect(verdictOf(side({ views: 300, lcpP75: 4200 })).reason).toMatch(
      /^p75 LCP 4200 ms over 300 page loads from 300 networks, live release 1800 ms \(margin 50 %\)$/,
    );
    expect(verdictOf(side({ views: 300, lcpP75: 4200, lcpNetworks: 3 })).verdict).toBe('healthy');
  });

  it('names every check in the order of trust', () => {
    expect(verdictOf(side({ views: 300, renders: 100 })).checks.map((check) => [check.check, check.state])).toEqual([
      ['render_failures', 'within'],
      ['busy_fallbacks', 'within'],
      ['error_rate', 'within'],
      ['lcp', 'not judged'],
      ['inp', 'not judged'],
    ]);
  });

  it('past the minimum age, enough networks with nothing past a margin are enough', () => {
    const quiet = side({ views: 14, renders: 6 });
    expect(verdictOf(quiet).verdict).toBe('undecided');
    expect(verdictOf(quiet, S.minAgeMs).verdict).toBe('healthy');
    expect(verdictOf(side({ views: 14, networks: 5, renders: 6 }), S.minAgeMs).verdict).toBe('undecided');
  });
});

/** A seeded generator, so the rates below are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('the sequential test’s error rates (docs/releases.md, "The verdict")', () => {
  /** Visitors one at a time, each from its own network, judged after every one, up to `views`: the verdict each canary ends with. */
  function canaries(failRate: number, views: number, count: number) {
    const next = random(42);
    const outcomes = { failing: 0, healthy: 0, undecided: 0, suspect: 0, viewsToRollback: [] as number[] };
    for (let canary = 0; canary < count; canary += 1) {
      let errors = 0;
      let ended: string | null = null;
      for (let seen = 1; seen <= views && !ended; seen += 1) {
        if (next() < failRate) errors += 1;
        const { verdict } = verdictOf(side({ views: seen, errors }));
        if (verdict === 'failing') {
          ended = 'failing';
          outcomes.viewsToRollback.push(seen);
        }
      }
      const last = verdictOf(side({ views, errors })).verdict;
      outcomes[(ended ?? last) as 'failing' | 'healthy' | 'undecided' | 'suspect'] += 1;
    }
    return outcomes;
  }

  it('never rolls back a sound build judged after each of its first 400 views (as bad as the live release: 0.4 %)', () => {
    expect(canaries(0.004, 400, 200).failing).toBe(0);
  });

  it('rolls back a build failing for 90 % of its visitors within a few dozen views from enough networks', () => {
    const { failing, viewsToRollback } = canaries(0.9, 40, 200);
    expect(failing).toBe(200);
    expect(Math.max(...viewsToRollback)).toBeLessThanOrEqual(20);
  });

  it('lets a build 3 points worse than the live release (within the margin) go on', () => {
    expect(canaries(0.034, 400, 100).failing).toBe(0);
  });
});
