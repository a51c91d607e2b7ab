import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { releases as registry } from '../../db/schema';
import { DRIVERS, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken } from '../../../test/helpers';
import { BROWSER_RELEASES_KEPT } from './browser-metrics';

const METRICS_TOKEN = 'metrics-token-0123456789';
const CANARY = '1.1.0-bbbbbbbbbb';
const tags = (release: string) => ({ screen: 'catalog/CarDetailPage', remote: 'catalog', release });

describe.each(DRIVERS)("the pages' numbers in Prometheus (%s)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    const config = {
      ...TEST_CONFIG,
      metrics: { ...TEST_CONFIG.metrics, token: METRICS_TOKEN },
      telemetry: { retentionDays: 14, batchesPerMinute: 1_000, flushMs: 60_000, serverToken: RENDER_SERVER_TOKEN },
    };
    api = await new TestApi(await createTestDatabase(driver), { config }).start();
    await api.db.insert(registry).values({
      remote: 'catalog',
      version: CANARY,
      manifestUrl: `https://cdn.example.test/catalog/${CANARY}/mf-manifest.json`,
      releasedBy: 'admin@usedcars.test',
      preflight: 'passed',
      status: 'canary',
      share: 10,
    });
  });
  afterAll(() => api.stop());

  const scrape = async () => (await api.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));
  const releasesIn = (text: string) => new Set([...text.matchAll(/^browser_\w+\{[^}]*release="([^"]+)"/gm)].map(([, release]) => release));

  it("counts what was counted of a page's views, errors and Web Vitals, per remote and release", async () => {
    const token = pageToken({ releases: { catalog: CANARY } });
    const events: TelemetryEvent[] = [
      ...Array.from({ length: 40 }, (): TelemetryEvent => ({ type: 'view', ...tags(CANARY) })),
      { type: 'error', kind: 'boundary', message: 'car is undefined', ...tags(CANARY) },
      { type: 'error', kind: 'rejection', ...tags(CANARY) },
      { type: 'vital', name: 'LCP', value: 1_200, ...tags(CANARY) },
      { type: 'vital', name: 'CLS', value: 0.08, ...tags(CANARY) },
    ];
    // 30 views a page at most: the 10 past them were dropped, and are not counted here either.
    expect((await beacon(api, token, events)).json()).toEqual({ accepted: 34, dropped: 10 });
    const text = await scrape();
    const labels = `remote="catalog",release="${CANARY}"`;
    expect(series(text, 'browser_page_views_total')).toEqual([`browser_page_views_total{${labels}} 30`]);
    expect(series(text, 'browser_errors_total').sort()).toEqual([
      `browser_errors_total{${labels},kind="boundary"} 1`,
      `browser_errors_total{${labels},kind="rejection"} 1`,
    ]);
    expect(series(text, 'browser_lcp_seconds_bucket')).toContain(`browser_lcp_seconds_bucket{le="1.5",${labels}} 1`);
    expect(series(text, 'browser_lcp_seconds_bucket')).toContain(`browser_lcp_seconds_bucket{le="1",${labels}} 0`);
    expect(series(text, 'browser_cls_sum')).toEqual([`browser_cls_sum{${labels}} 0.08`]);
    expect(series(text, 'browser_inp_seconds_count')).toEqual([]);
  });

  it('adds no label for made-up releases, however many, nor for a token naming an unregistered one, nor without a token', async () => {
    const madeUp = Array.from({ length: 45 }, (_, i): TelemetryEvent => ({ type: 'view', ...tags(`6.${i}.0-dddddddddd`) }));
    expect((await beacon(api, pageToken({ releases: { catalog: CANARY } }), madeUp)).json()).toEqual({ accepted: 0, dropped: 45 });
    // A well-signed token naming releases nobody registered.
    for (let i = 0; i < 10; i += 1) {
      const release = `7.${i}.0-eeeeeeeeee`;
      expect((await beacon(api, pageToken({ releases: { catalog: release } }), [{ type: 'view', ...tags(release) }])).json()).toEqual({
        accepted: 0,
        dropped: 1,
      });
    }
    expect((await beacon(api, undefined, madeUp)).json()).toEqual({ accepted: 0, dropped: 45 });
    expect([...releasesIn(await scrape())]).toEqual([CANARY]);
  });

  it(`keeps the series of ${BROWSER_RELEASES_KEPT} releases at most, the one seen first going first`, async () => {
    const versions = Array.from({ length: BROWSER_RELEASES_KEPT }, (_, i) => `2.${i}.0-ffffffffff`);
    await api.db.insert(registry).values(
      versions.map((version) => ({
        remote: 'catalog',
        version,
        manifestUrl: `https://cdn.example.test/catalog/${version}/mf-manifest.json`,
        releasedBy: 'admin@usedcars.test',
        preflight: 'passed',
        status: 'retired',
      })),
    );
    for (const version of versions) {
      const response = await beacon(api, pageToken({ releases: { catalog: version } }), [
        { type: 'view', ...tags(version) },
        { type: 'error', kind: 'load', ...tags(version) },
      ]);
      expect(response.json()).toEqual({ accepted: 2, dropped: 0 });
    }
    const kept = releasesIn(await scrape());
    expect(kept.size).toBe(BROWSER_RELEASES_KEPT);
    expect(kept.has(CANARY)).toBe(false);
    expect([...kept].sort()).toEqual([...versions].sort());
  });
});
