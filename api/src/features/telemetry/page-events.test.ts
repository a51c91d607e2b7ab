import type { TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { signPageToken } from '@usedcars/shared-contract/telemetry-token';
import { releases as registry } from '../../db/schema';
import { type Account, DRIVERS, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken, rendererReport } from '../../../test/helpers';

const METRICS_TOKEN = 'metrics-token-0123456789';
const LIVE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';
const tags = (release: string, remote = 'catalog') => ({ screen: `${remote}/CarDetailPage`, remote, release });
const views = (release: string, count: number, remote = 'catalog'): TelemetryEvent[] =>
  Array.from({ length: count }, () => ({ type: 'view', ...tags(release, remote) }));
const errors = (release: string, count: number): TelemetryEvent[] =>
  Array.from({ length: count }, () => ({ type: 'error', kind: 'boundary', ...tags(release) }));

describe.each(DRIVERS)('which page reports count (%s)', (driver) => {
  let api: TestApi;
  let admin: Account;
  beforeAll(async () => {
    const config = {
      ...TEST_CONFIG,
      trustProxy: true,
      metrics: { ...TEST_CONFIG.metrics, token: METRICS_TOKEN },
      telemetry: { retentionDays: 14, batchesPerMinute: 1_000, flushMs: 60_000, serverToken: RENDER_SERVER_TOKEN },
    };
    api = await new TestApi(await createTestDatabase(driver), { config }).start();
    admin = await api.account('admin');
    const release = { remote: 'catalog', releasedBy: admin.email, preflight: 'passed' };
    await api.db.insert(registry).values([
      { ...release, version: LIVE, manifestUrl: `https://cdn.example.test/catalog/${LIVE}/mf-manifest.json`, status: 'live' },
      { ...release, version: CANARY, manifestUrl: `https://cdn.example.test/catalog/${CANARY}/mf-manifest.json`, status: 'canary', share: 50 },
    ]);
    // The render servers served the canary's and the live release's pages.
    expect((await rendererReport(api, [{ type: 'served', remote: 'catalog', release: CANARY, count: 100 }])).statusCode).toBe(202);
    await rendererReport(api, [{ type: 'served', remote: 'catalog', release: LIVE, count: 100 }]);
  });
  afterAll(() => api.stop());

  const health = async (release: string) => {
    const response = await api.inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth });
    return response.json<TelemetrySummary>().releases.find((entry) => entry.release === release);
  };
  const dropped = async () => {
    const text = (await api.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    return Object.fromEntries(
      [...text.matchAll(/^telemetry_events_dropped_total\{reason="(\w+)"\} (\d+)$/gm)].map(([, reason, count]) => [reason, Number(count)]),
    );
  };
  const canaryPage = () => pageToken({ releases: { shell: '0.1.0', catalog: CANARY }, baselineSet: ['shell'], bucket: 7 });

  it('drops every event without a valid token, whatever its content type, origin or address, and counts why', async () => {
    const before = (await health(CANARY))?.pageViews ?? 0;
    const events = [...views(CANARY, 25), ...errors(CANARY, 25)];
    for (let i = 0; i < 20; i += 1) {
      const forged = await api.inject({
        method: 'POST',
        url: '/telemetry',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': i % 2 ? 'application/json' : 'text/plain;charset=UTF-8',
          origin: 'https://evil.example',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        payload: JSON.stringify({ events }),
      });
      expect(forged.statusCode).toBe(202);
      expect(forged.json()).toEqual({ accepted: 0, dropped: 50 });
    }
    const real = canaryPage();
    const [payload, signature] = real.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, b: 99 })).toString('base64url')}.${signature}`;
    // Signed with TELEMETRY_TOKEN itself rather than the key derived from it (a leaked key of another use must not sign these).
    const signedRaw = signPageToken(
      Buffer.from(RENDER_SERVER_TOKEN),
      { releases: { catalog: CANARY }, baselineSet: [], bucket: 7 },
      Math.floor(Date.now() / 1000),
    );
    for (const token of [
      tampered,
      `${payload}.${'A'.repeat(signature.length)}`,
      pageToken({ releases: { catalog: CANARY }, secret: 'another-site-telemetry-token' }),
      signedRaw,
    ]) {
      expect((await beacon(api, token, events)).json()).toEqual({ accepted: 0, dropped: 50 });
    }
    const expired = pageToken({ releases: { catalog: CANARY }, at: Date.now() - 31 * 60_000 });
    expect((await beacon(api, expired, events)).json()).toEqual({ accepted: 0, dropped: 50 });

    expect((await health(CANARY))?.pageViews ?? 0).toBe(before);
    expect(await dropped()).toMatchObject({ no_token: 1000, bad_token: 200, expired: 50 });
  });

  it('drops events naming a release the token does not, or one the registry does not hold: the summary lists no made-up release', async () => {
    const token = canaryPage();
    const madeUp = Array.from({ length: 40 }, (_, i) => views(`9.${i}.0-cccccccccc`, 1)[0]!);
    expect((await beacon(api, token, [...views(LIVE, 5), ...madeUp, ...views(CANARY, 1, 'checkout')])).json()).toEqual({ accepted: 0, dropped: 46 });
    // Even a well-signed token naming a release nobody registered (not the baseline set's build either) counts nothing.
    const unregistered = pageToken({ releases: { catalog: '6.6.6-dddddddddd' } });
    expect((await beacon(api, unregistered, views('6.6.6-dddddddddd', 3))).json()).toEqual({ accepted: 0, dropped: 3 });
    const listed = (await api.inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth })).json<TelemetrySummary>();
    expect(listed.releases.map((entry) => entry.release).sort()).toEqual([LIVE, CANARY].sort());
    expect(await dropped()).toMatchObject({ not_in_token: 46, unregistered: 3 });
  });

  it("counts a valid token's events up to its allowance; replayed past it, the token stops counting", async () => {
    const before = (await health(CANARY))!;
    const token = canaryPage();
    const batch = [...views(CANARY, 20), ...errors(CANARY, 4), { type: 'vital', name: 'LCP', value: 60_000, ...tags(CANARY) } as TelemetryEvent];
    expect((await beacon(api, token, batch)).json()).toEqual({ accepted: 25, dropped: 0 });
    expect((await beacon(api, token, batch)).json()).toEqual({ accepted: 12, dropped: 13 });
    for (let i = 0; i < 10; i += 1) expect((await beacon(api, token, batch, `203.0.113.${i}`)).json()).toEqual({ accepted: 0, dropped: 25 });
    const after = (await health(CANARY))!;
    expect(after.pageViews - before.pageViews).toBe(30);
    expect(after.errors - before.errors).toBe(5);
    expect(await dropped()).toMatchObject({ used_up: 13 + 250 });
  });

  it('never counts more page views and errors than the allowance per page the render servers served', async () => {
    const remote = 'checkout';
    const baselineSetPage = () => pageToken({ releases: { checkout: '0.1.0' }, baselineSet: ['checkout'] });
    await rendererReport(api, [{ type: 'served', remote, release: '0.1.0', count: 2 }]);
    // Three pages' worth of views, as tokens replayed to three API instances would add up; the render servers served two.
    for (let page = 0; page < 3; page += 1)
      expect((await beacon(api, baselineSetPage(), views('0.1.0', 30, remote))).json()).toEqual({ accepted: 30, dropped: 0 });
    const listed = (await api.inject({ method: 'GET', url: `/telemetry/summary?remote=${remote}`, headers: admin.auth })).json<TelemetrySummary>();
    expect(listed.releases[0]).toMatchObject({ release: '0.1.0', pageViews: 60, pagesServed: 2 });
  });
});
