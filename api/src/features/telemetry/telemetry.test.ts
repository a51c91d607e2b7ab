import type { TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { releases as registry, telemetryMinutes } from '../../db/schema';
import { type Account, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken, rendererReport } from '../../../test/helpers';

const catalog = { screen: '/audis', remote: 'catalog', release: '1.4.0' } as const;
/** A page the render server served with the catalog's baseline-set build 1.4.0. */
const baselineSetPage = { releases: { catalog: '1.4.0' }, baselineSet: ['catalog'] };

describe('POST /telemetry and GET /telemetry/summary', () => {
  let now = new Date('2026-11-25T10:00:30Z');
  let api: TestApi;
  let admin: Account;
  beforeAll(async () => {
    const config = { ...TEST_CONFIG, telemetry: { retentionDays: 14, batchesPerMinute: 5, flushMs: 60_000, serverToken: RENDER_SERVER_TOKEN } };
    api = await new TestApi(await createTestDatabase('pglite'), { config, clock: () => now }).start();
    admin = await api.account('admin');
  });
  afterAll(() => api.stop());

  let address = 0;
  /** Each test from an address of its own, so one test's batches do not count against another's rate. */
  const from = () => `10.0.0.${++address}`;
  const send = (events: unknown, options: { ip?: string; type?: string; headers?: Record<string, string> } = {}) =>
    api.inject({
      method: 'POST',
      url: '/telemetry',
      remoteAddress: options.ip ?? from(),
      headers: { 'content-type': options.type ?? 'text/plain;charset=UTF-8', ...options.headers },
      payload: typeof events === 'string' ? events : JSON.stringify({ token: pageToken({ ...baselineSetPage, at: now.getTime() }), events }),
    });
  const served = (release: string, count: number, remote = 'catalog') => rendererReport(api, [{ type: 'served', remote, release, count }]);
  const summary = async (remote: string, since?: string, who: Account | null = admin) => {
    const query = new URLSearchParams({ remote, ...(since ? { since } : {}) });
    return api.inject({ method: 'GET', url: `/telemetry/summary?${query}`, headers: who ? who.auth : {} });
  };

  it("adds up real visits' vitals and errors under the remote and release their page was served with, as sendBeacon sends them", async () => {
    expect((await served('1.4.0', 5)).statusCode).toBe(202);
    const visit = (lcp: number): TelemetryEvent[] => [
      { type: 'view', ...catalog },
      { type: 'vital', name: 'LCP', value: lcp, ...catalog },
      { type: 'vital', name: 'CLS', value: 0.05, ...catalog },
      { type: 'vital', name: 'TTFB', value: 120, ...catalog },
    ];
    for (const lcp of [900, 1100, 1300, 4000]) {
      const response = await send(visit(lcp));
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: 4, dropped: 0 });
    }
    expect((await send([{ type: 'error', kind: 'boundary', ...catalog }], { type: 'application/json' })).json()).toEqual({ accepted: 1, dropped: 0 });
    // A release of the registry, served to the canary's share.
    await api.db.insert(registry).values({
      remote: 'catalog',
      version: '1.5.0',
      manifestUrl: 'https://cdn.example.test/catalog/1.5.0/mf-manifest.json',
      releasedBy: 'admin@usedcars.test',
      preflight: 'passed',
      status: 'canary',
      share: 10,
    });
    await served('1.5.0', 1);
    const next = { ...catalog, release: '1.5.0' };
    const canaryPage = pageToken({ releases: { catalog: '1.5.0' }, bucket: 3, at: now.getTime() });
    expect(
      (
        await beacon(api, canaryPage, [
          { type: 'view', ...next },
          { type: 'error', kind: 'load', ...next },
        ])
      ).json(),
    ).toEqual({ accepted: 2, dropped: 0 });

    const response = await summary('catalog', '2026-11-25T09:00:00Z');
    expect(response.statusCode).toBe(200);
    const { releases } = response.json<TelemetrySummary>();
    expect(releases.map((release) => release.release)).toEqual(['1.4.0', '1.5.0']);
    const [old, canary] = releases;
    expect(old).toMatchObject({
      pageViews: 4,
      errors: 1,
      errorRate: 0.25,
      errorsByKind: { boundary: 1 },
      renders: 0,
      renderFallbackRate: null,
      pagesServed: 5,
    });
    // Three of four LCPs are at most 1.3 s: the 75th percentile lies within the bucket that holds 1.3 s.
    expect(old!.lcpP75).toBeGreaterThan(1200);
    expect(old!.lcpP75).toBeLessThanOrEqual(1500);
    expect(old!.clsP75).toBeCloseTo(0.05, 1);
    expect(old!.inpP75).toBeNull();
    expect(old!.minutes).toEqual([{ minute: '2026-11-25T10:00:00.000Z', pageViews: 4, errors: 1, renders: 0, renderFallbacks: 0, lcpP75: old!.lcpP75 }]);
    expect(canary).toMatchObject({ pageViews: 1, errors: 1, errorRate: 1, errorsByKind: { load: 1 }, pagesServed: 1 });
    // Another remote's numbers are its own.
    expect((await summary('dashboard', '2026-11-25T09:00:00Z')).json<TelemetrySummary>().releases).toEqual([]);
  });

  it("takes render counts and pages served from a render server's token only, unlimited, and gives the fallback rate", async () => {
    const renders = [
      { type: 'render', outcome: 'rendered', reason: '', count: 30, ms: 40, remote: 'checkout', release: '2.0.0' },
      { type: 'render', outcome: 'browser', reason: 'budget', count: 10, ms: 300, remote: 'checkout', release: '2.0.0' },
      // A screen rendered in the browser by design: listed, neither a render nor a fallback.
      { type: 'render', outcome: 'browser', reason: 'browser_only', count: 5, ms: 1, remote: 'checkout', release: '2.0.0' },
    ];
    expect((await send(renders)).statusCode).toBe(403);
    expect((await send([{ type: 'served', count: 1000, remote: 'checkout', release: '2.0.0' }])).json()).toEqual({
      message: 'Render counts and render errors come from the render servers only',
    });
    const ip = from();
    for (let i = 0; i < 7; i += 1) expect((await send(renders, { ip, headers: { authorization: `Bearer ${RENDER_SERVER_TOKEN}` } })).statusCode).toBe(202);
    const [release] = (await summary('checkout')).json<TelemetrySummary>().releases;
    expect(release).toMatchObject({
      release: '2.0.0',
      renders: 280,
      renderFallbacks: 70,
      renderFallbackRate: 0.25,
      fallbacksByReason: { budget: 70, browser_only: 35 },
      pagesServed: 0,
    });
  });

  it('refuses what it should not take with a 4xx, never a 5xx', async () => {
    const view = { type: 'view', ...catalog };
    const padded = `${JSON.stringify({ events: [view] })}${' '.repeat(16 * 1024)}`;
    const big = await send(padded, { type: 'application/json' });
    expect(big.statusCode).toBe(413);
    expect((await send(padded)).statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The body is larger than 16 KB' });
    expect((await send(`{"events": [`)).statusCode).toBe(400);
    expect((await send('{"events": [}', { type: 'application/json' })).statusCode).toBe(400);
    expect((await send(Array.from({ length: 51 }, () => view))).statusCode).toBe(400);
    expect((await send([])).statusCode).toBe(400);
    expect((await send([{ ...view, remote: 'evil' }])).json()).toEqual({ message: expect.stringContaining('remote must be one of shell, catalog') });
    expect((await send([{ ...view, extra: 1 }])).statusCode).toBe(400);
    expect((await send([{ type: 'vital', name: 'LCP', value: -1, ...catalog }])).statusCode).toBe(400);
    expect((await send([{ type: 'vital', name: 'FID', value: 10, ...catalog }])).statusCode).toBe(400);
    expect((await send([{ ...view, release: '<script>' }])).statusCode).toBe(400);
    expect((await send(JSON.stringify({ token: 'not a token', events: [view] }))).statusCode).toBe(400);
    expect((await send('[1,2]', { type: 'application/xml' })).statusCode).toBe(415);
  });

  it('limits batches without a valid page token per address, never the pages of many visitors behind one address', async () => {
    const ip = from();
    const anonymous = [];
    for (let i = 0; i < 8; i += 1) anonymous.push((await beacon(api, undefined, [{ type: 'view', ...catalog }], ip)).statusCode);
    expect(anonymous).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    // Forty visitors' pages behind the same address (an office, a carrier's NAT), each with the token its page was served with.
    const pages = [];
    for (let i = 0; i < 40; i += 1)
      pages.push((await beacon(api, pageToken({ ...baselineSetPage, at: now.getTime() }), [{ type: 'view', ...catalog }], ip)).statusCode);
    expect(pages.every((status) => status === 202)).toBe(true);
  });

  it('shows the numbers to admins only', async () => {
    expect((await summary('catalog', undefined, null)).statusCode).toBe(401);
    expect((await summary('catalog', undefined, await api.account('Buyer'))).statusCode).toBe(403);
    expect((await summary('nowhere')).statusCode).toBe(400);
    expect((await summary('catalog', 'yesterday')).statusCode).toBe(400);
  });

  it('keeps per-minute rows for the retention days, then deletes them', async () => {
    await served('0.9.0', 1);
    await summary('catalog');
    const releasesIn = async () => new Set((await api.db.select({ release: telemetryMinutes.release }).from(telemetryMinutes)).map((row) => row.release));
    expect(await releasesIn()).toContain('0.9.0');
    now = new Date(now.getTime() + 15 * 24 * 60 * 60_000);
    await served('3.0.0', 1);
    await summary('catalog');
    expect([...(await releasesIn())]).toEqual(['3.0.0']);
  });
});
