import type { CanaryNumbers } from '@usedcars/shared-contract';
import { CANARY_SETTINGS } from '../../../test/canary-site';
import { type Measured, judge } from './verdict';

const NONE: CanaryNumbers = {
  pageViews: 0,
  errors: 0,
  errorRate: null,
  renders: 0,
  renderFallbacks: 0,
  renderFallbackRate: null,
  lcpP75: null,
  inpP75: null,
};
const side = (numbers: Partial<CanaryNumbers>, samples: Partial<Omit<Measured, 'numbers'>> = {}): Measured => ({
  numbers: { ...NONE, ...numbers },
  lcpSamples: 0,
  inpSamples: 0,
  ...samples,
});
/** A baseline with plenty of traffic, nothing failing, and ordinary Web Vitals. */
const LIVE = side({ pageViews: 1000, errors: 10, renders: 1000, renderFallbacks: 20, lcpP75: 1800, inpP75: 120 }, { lcpSamples: 900, inpSamples: 400 });
const S = CANARY_SETTINGS;
const progressOf = (canary: Measured, ageMs = 0) => ({
  views: canary.numbers.pageViews,
  minViews: S.minViews,
  renders: canary.numbers.renders,
  minRenders: S.minRenders,
  ageMs,
  minAgeMs: S.minAgeMs,
});
const verdictOf = (canary: Measured, ageMs = 0, baseline = LIVE) => judge(canary, baseline, S, progressOf(canary, ageMs), 'live release');
/** A canary with enough of everything and nothing wrong, to change one number of. */
const fine = { pageViews: 40, errors: 0, renders: 40, renderFallbacks: 0, lcpP75: 1900, inpP75: 130 };
const fineSamples = { lcpSamples: 40, inpSamples: 40 };

describe('the verdict on a canary', () => {
  it('is healthy with enough page views and renders and every number within its margin', () => {
    expect(verdictOf(side(fine, fineSamples))).toEqual({
      verdict: 'healthy',
      reason: 'within the margins of the live release over 40 page views and 40 renders',
    });
  });

  it('fails on each number past its margin, saying which with both sides’ numbers', () => {
    expect(verdictOf(side({ ...fine, renderFallbacks: 4 }, fineSamples))).toEqual({
      verdict: 'failing',
      reason: 'render fallback rate 10.0 % over 40 renders, live release 2.0 % (margin 5 points)',
    });
    expect(verdictOf(side({ ...fine, errors: 3 }, fineSamples))).toEqual({
      verdict: 'failing',
      reason: 'error rate 7.5 % over 40 page views, live release 1.0 % (margin 5 points)',
    });
    expect(verdictOf(side({ ...fine, lcpP75: 3400 }, fineSamples))).toEqual({
      verdict: 'failing',
      reason: 'p75 LCP 3400 ms over 40 page loads, live release 1800 ms (margin 50 %)',
    });
    expect(verdictOf(side({ ...fine, inpP75: 350 }, fineSamples))).toEqual({
      verdict: 'failing',
      reason: 'p75 INP 350 ms over 40 interactions, live release 120 ms (margin 50 %)',
    });
  });

  it("weighs the render servers' own counts before what pages report", () => {
    expect(verdictOf(side({ ...fine, errors: 40, renderFallbacks: 40, lcpP75: 9000 }, fineSamples)).reason).toMatch(/^render fallback rate 100\.0 %/);
  });

  it('lets a Web Vital within Google’s "good" pass however it compares, and one within the margin too', () => {
    expect(verdictOf(side({ ...fine, inpP75: 190 }, fineSamples)).verdict).toBe('healthy');
    expect(verdictOf(side({ ...fine, lcpP75: 2600 }, fineSamples)).verdict).toBe('healthy');
    const slowSite = side({ ...LIVE.numbers, lcpP75: 4000 }, { lcpSamples: 900 });
    expect(verdictOf(side({ ...fine, lcpP75: 5900 }, fineSamples), 0, slowSite).verdict).toBe('healthy');
  });

  it('does not judge a Web Vital over fewer measurements than the minimum of views', () => {
    expect(verdictOf(side({ ...fine, inpP75: 900 }, { lcpSamples: 40, inpSamples: 39 })).verdict).toBe('healthy');
  });

  it('is undecided, with its progress, while short of page views or renders', () => {
    const few = side({ pageViews: 13, renders: 20 });
    expect(verdictOf(few)).toEqual({ verdict: 'undecided', reason: '13 of 40 views, 20 of 40 renders' });
    // Failing every time, but on too few renders and page views to act on.
    expect(verdictOf(side({ pageViews: 39, errors: 39, renders: 39, renderFallbacks: 39 })).verdict).toBe('undecided');
    // Enough page views, not enough renders.
    expect(verdictOf(side({ ...fine, renders: 12 }, fineSamples))).toEqual({ verdict: 'undecided', reason: '40 of 40 views, 12 of 40 renders' });
  });

  it('counts a canary past the minimum age with few numbers but no failures as healthy', () => {
    const few = side({ pageViews: 3, renders: 5 });
    expect(verdictOf(few, S.minAgeMs - 1).verdict).toBe('undecided');
    expect(verdictOf(few, S.minAgeMs)).toEqual({
      verdict: 'healthy',
      reason: 'no failures in 60 min (3 of 40 views, 5 of 40 renders; past 60 min, few numbers are enough)',
    });
    expect(verdictOf(side({}), S.minAgeMs * 2).verdict).toBe('healthy');
  });

  it('keeps a canary past the minimum age undecided when even its few numbers are past a margin', () => {
    expect(verdictOf(side({ pageViews: 3, errors: 1, renders: 5 }), S.minAgeMs)).toEqual({
      verdict: 'undecided',
      reason: 'error rate 33.3 % over 3 page views, live release 1.0 % (margin 5 points), too few to act on (3 of 40 views, 5 of 40 renders)',
    });
  });
});
