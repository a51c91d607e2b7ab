import type { CanaryAnalysis } from '@usedcars/shared-contract';
import { canarySite, fakeClock } from '../../../test/canary-site';
import { DRIVERS } from '../../../test/helpers';

describe.each(DRIVERS)('GET /releases/analysis (%s)', (driver) => {
  const clock = fakeClock();
  const site = canarySite(driver, { clock: clock.now });
  const ask = (headers: Record<string, string> = {}, query = '') => site.api().inject({ method: 'GET', url: `/releases/analysis${query}`, headers });

  it('responds only to admins and deploy tokens', async () => {
    expect((await ask()).statusCode).toBe(401);
    expect((await ask({ authorization: 'Bearer ucd_made-up' })).statusCode).toBe(401);
    const buyer = await site.api().account('Buyer');
    const refused = await ask(buyer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only admin accounts can read canary analyses' });
    const made = await site
      .api()
      .inject({ method: 'POST', url: '/deploy-tokens', headers: site.admin().auth, payload: { name: 'checkout team', remote: 'checkout' } });
    // Any team's token reads every remote's canaries, as it reads every remote's history.
    const team = await ask({ authorization: `Bearer ${made.json<{ token: string }>().token}` }, '?remote=catalog');
    expect(team.statusCode).toBe(200);
    expect(team.json()).toEqual([]);
    expect((await ask(site.admin().auth, '?remote=shop')).statusCode).toBe(400);
  });

  it('shows an undecided canary with its progress, its numbers beside the live release’s, and no ramp', async () => {
    await site.register('1.0.0');
    await site.visits('1.0.0', { views: 60, errors: 3, lcpMs: 1700, inpMs: 90 });
    await site.renders('1.0.0', 80, 4);
    await site.register('1.1.0', 10);
    clock.advance(5 * 60_000);
    await site.visits('1.1.0', { views: 13, errors: 1, lcpMs: 2100 });
    await site.renders('1.1.0', 20);
    const analysis = await site.analysis();
    expect(analysis).toEqual<CanaryAnalysis>({
      remote: 'catalog',
      canary: { version: '1.1.0', share: 10, since: expect.any(String) },
      baseline: { kind: 'live', version: '1.0.0' },
      verdict: 'undecided',
      reason: '13 page views from 13 networks, 20 renders: not enough to tell yet (render failures)',
      checks: [
        {
          check: 'render_failures',
          state: 'waiting',
          text: 'render failures (screens that threw, builds not loaded) 0.0 % over 20 renders: not enough to tell yet',
        },
        {
          check: 'busy_fallbacks',
          state: 'waiting',
          text: 'pages left for the browser on a busy machine (render budget, full queue) 0.0 % over 20 renders: not enough to tell yet',
        },
        { check: 'error_rate', state: 'waiting', text: 'error rate 7.7 % over 13 page views from 13 networks: not enough to tell yet' },
        { check: 'lcp', state: 'within', text: expect.stringMatching(/^p75 LCP \d+ ms over 13 page loads from 13 networks, within "good" or the margin$/) },
        { check: 'inp', state: 'not judged', text: 'p75 INP: no measurement yet' },
      ],
      progress: { views: 13, networks: 13, minNetworks: 12, renders: 20, ageMs: 5 * 60_000, minAgeMs: 3_600_000 },
      numbers: {
        canary: {
          pageViews: 13,
          errors: 1,
          errorRate: 0.0769,
          networks: 13,
          errorNetworks: 1,
          renders: 20,
          renderFallbacks: 0,
          renderFallbackRate: 0,
          renderFailures: 0,
          renderFailureRate: 0,
          busyFallbacks: 0,
          busyFallbackRate: 0,
          lcpP75: expect.any(Number),
          inpP75: null,
        },
        baseline: {
          pageViews: 60,
          errors: 3,
          errorRate: 0.05,
          networks: 60,
          errorNetworks: 3,
          renders: 80,
          renderFallbacks: 4,
          renderFallbackRate: 0.05,
          renderFailures: 4,
          renderFailureRate: 0.05,
          // Over the canary's own minutes: none of the live release's renders fell in them.
          busyFallbacks: 0,
          busyFallbackRate: 0,
          lcpP75: expect.any(Number),
          inpP75: expect.any(Number),
        },
      },
      // The same numbers as the mails and the release command print them, aligned.
      table: [
        '                        canary                 live 1.0.0',
        'page views              13 (13 networks)       60 (60 networks)',
        'error rate              7.7 % (1, 1 networks)  5.0 % (3, 3 networks)',
        'renders                 20                     80',
        'render failures         0.0 % (0)              5.0 % (4)',
        'busy-machine fallbacks  0.0 % (0)              0.0 % (0)',
        expect.stringMatching(/^p75 LCP {17}\d{4} ms {16}\d{4} ms$/),
        expect.stringMatching(/^p75 INP {17}– {22}\d+ ms$/),
      ],
      ramp: null,
      suspectSince: null,
    });
    // p75s read from the histograms, exact to their bucket.
    expect(analysis!.numbers.canary.lcpP75).toBeGreaterThan(2000);
    expect(analysis!.numbers.canary.lcpP75).toBeLessThanOrEqual(2500);
    expect(analysis!.numbers.baseline.lcpP75).toBeGreaterThan(1500);
    expect(analysis!.numbers.baseline.lcpP75).toBeLessThanOrEqual(1800);
  });

  it("fails a canary whose pages load far slower, on the telemetry's own histograms", async () => {
    await site.visits('1.1.0', { views: 40, lcpMs: 7000 });
    await site.renders('1.1.0', 20);
    const analysis = await site.analysis();
    expect(analysis).toMatchObject({ verdict: 'failing', progress: { views: 53, networks: 53, renders: 40 } });
    expect(analysis!.reason).toMatch(/^p75 LCP \d+ ms over 53 page loads from 53 networks, live release 1\d{3} ms \(margin 50 %\)$/);
  });

  it('counts a quiet canary past the minimum age with nothing wrong, from enough networks, as healthy', async () => {
    await site.register('9.0.0', 5, 'checkout');
    await site.visits('0.1.0', { views: 30, remote: 'checkout', baselineSet: true });
    await site.visits('9.0.0', { views: 14, remote: 'checkout' });
    expect(await site.analysis('checkout')).toMatchObject({ verdict: 'undecided', baseline: { kind: 'first set', version: null } });
    clock.advance(site.settings.minAgeMs);
    expect(await site.analysis('checkout')).toMatchObject({
      verdict: 'healthy',
      reason: 'no failures in 60 min (14 page views from 14 networks, 0 renders; past 60 min, few numbers are enough)',
      progress: { views: 14, renders: 0, ageMs: site.settings.minAgeMs },
    });
  });

  it('keeps a quiet canary from too few networks undecided however old: padding from a few addresses never makes it healthy', async () => {
    await site.register('9.1.0', 5, 'checkout');
    await site.visits('9.1.0', { views: 4, remote: 'checkout' });
    clock.advance(site.settings.minAgeMs);
    expect(await site.analysis('checkout')).toMatchObject({
      verdict: 'undecided',
      reason: '4 page views from 4 of 12 networks, 0 renders: waiting for 12 networks (error rate)',
    });
  });
});
