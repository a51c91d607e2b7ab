import type { AddressInfo } from 'node:net';
import type { Release } from '@usedcars/shared-contract';
import { PAGE_TOKEN_ALLOWANCE } from '@usedcars/shared-contract/page-token';
import type { TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { openStream } from '../../../test/changeStream';
import { type Account, DRIVERS, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken, rendererReport } from '../../../test/helpers';
import { CanaryWatch, rollbackVerdict } from './auto-rollback';
import { ReleaseRegistry } from './service';
import type { RollbackSettings } from './settings';

const SETTINGS: RollbackSettings = { marginPoints: 5, minViews: 40, checkMs: 0 };
const manifest = (version: string, remote = 'catalog') => `https://cdn.example.test/${remote}/${version}/mf-manifest.json`;

/** A site's API whose canaries are judged every `checkMs` by the API itself (0: only when a test asks). */
function siteApi(driver: (typeof DRIVERS)[number], checkMs: number) {
  let api: TestApi;
  let admin: Account;
  let address = 0;
  beforeAll(async () => {
    const config = {
      ...TEST_CONFIG,
      trustProxy: true,
      releases: { ...TEST_CONFIG.releases, rollback: { ...SETTINGS, checkMs } },
      telemetry: { ...TEST_CONFIG.telemetry, serverToken: RENDER_SERVER_TOKEN },
    };
    api = await new TestApi(await createTestDatabase(driver), { config }).start();
    admin = await api.account('admin');
  });
  afterAll(() => api.stop());
  return {
    api: () => api,
    // Straight into the registry: what POST /releases accepts is releases.test.ts's and preflight.test.ts's business.
    register: async (version: string, canary?: number, remote = 'catalog') => {
      const input = { remote, version, manifestUrl: manifest(version, remote), ...(canary ? { canary } : {}) };
      expect((await new ReleaseRegistry(api.db).register(input, admin.email, 'passed')).again).toBe(false);
    },
    /**
     * `views` visitors' pages of the release, served by a render server with their tokens, `errors` of them with a screen that
     * threw; with `firstSet`, the release is the first set's build. Written as a copy's flush does.
     */
    visits: async (release: string, views: number, errors: number, remote = 'catalog', firstSet = false) => {
      const tags = { screen: `${remote}/Page`, remote, release };
      expect((await rendererReport(api, [{ type: 'served', remote, release, count: views }])).statusCode).toBe(202);
      for (let i = 0; i < views; i += 1) {
        const token = pageToken({ releases: { [remote]: release }, firstSet: firstSet ? [remote] : [], bucket: i % 100 });
        const events: TelemetryEvent[] = [{ type: 'view', ...tags }, ...(i < errors ? [{ type: 'error', kind: 'boundary', ...tags } as const] : [])];
        expect((await beacon(api, token, events, `10.9.0.${(++address % 250) + 1}`)).json()).toEqual({ accepted: events.length, dropped: 0 });
      }
      // The admin's summary writes this copy's numbers first.
      expect((await api.inject({ method: 'GET', url: `/telemetry/summary?remote=${remote}`, headers: admin.auth })).statusCode).toBe(200);
    },
    history: async () => (await api.inject({ method: 'GET', url: '/releases?remote=catalog', headers: admin.auth })).json<Release[]>(),
    statusOf: async (version: string, remote = 'catalog') =>
      (await api.inject({ method: 'GET', url: `/releases?remote=${remote}`, headers: admin.auth }))
        .json<Release[]>()
        .find((release) => release.version === version),
  };
}

describe.each(DRIVERS)('automatic rollback, judged on demand (%s)', (driver) => {
  const site = siteApi(driver, 0);
  const watch = (announce = jest.fn(async () => undefined)) => new CanaryWatch(site.api().db, new ReleaseRegistry(site.api().db), SETTINGS, announce);

  beforeAll(async () => {
    await site.register('1.0.0');
    await site.visits('1.0.0', 100, 1);
  });

  it('keeps a canary whose error rate is above the live release’s by less than the margin', async () => {
    await site.register('1.1.0', 50);
    await site.visits('1.1.0', 50, 2);
    const announce = jest.fn(async () => undefined);
    expect(await watch(announce).check()).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
    expect(await site.statusOf('1.1.0')).toMatchObject({ status: 'canary', share: 50 });
  });

  it('keeps a canary that fails every time while it has fewer page views than the minimum', async () => {
    await site.register('1.2.0', 50);
    await site.visits('1.2.0', 39, 39);
    expect(await watch().check()).toEqual([]);
    expect(await site.statusOf('1.2.0')).toMatchObject({ status: 'canary' });
  });

  it('rolls back a canary past the margin over enough page views, recording why, and tells the site', async () => {
    await site.visits('1.2.0', 1, 0);
    const announce = jest.fn(async () => undefined);
    const done = await watch(announce).check();
    expect(done.map((release) => release.version)).toEqual(['1.2.0']);
    expect(announce).toHaveBeenCalledTimes(1);
    const rolledBack = await site.statusOf('1.2.0');
    expect(rolledBack).toMatchObject({ status: 'rolled_back', share: null });
    expect(rolledBack?.reason).toBe('rolled back by automatic: error rate 97.5 % over 40 page views, live release 1.0 % (margin 5 points)');
    const live = (await site.api().inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, unknown> }>();
    expect(live.remotes.catalog).toEqual({ live: { version: '1.0.0', manifestUrl: manifest('1.0.0') }, canary: null });
  });

  it('acts once when several API copies judge the same canary at the same time', async () => {
    await site.register('1.3.0', 20);
    await site.visits('1.3.0', 60, 30);
    const results = await Promise.all([watch().check(), watch().check(), watch().check()]);
    expect(results.flat().map((release) => release.version)).toEqual(['1.3.0']);
    expect(await site.statusOf('1.3.0')).toMatchObject({ status: 'rolled_back' });
  });

  it("judges a remote's first canary against its first set's build, and rolling it back puts everyone on the first set", async () => {
    await site.register('9.0.0', 10, 'checkout');
    await site.visits('0.1.0', 100, 0, 'checkout', true);
    await site.visits('9.0.0', 40, 2, 'checkout');
    expect(await watch().check()).toEqual([]);
    await site.visits('9.0.0', 10, 8, 'checkout');
    expect((await watch().check()).map((release) => release.version)).toEqual(['9.0.0']);
    expect((await site.statusOf('9.0.0', 'checkout'))?.reason).toBe(
      'rolled back by automatic: error rate 20.0 % over 50 page views, first set 0.0 % (margin 5 points)',
    );
    const live = (await site.api().inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, unknown> }>();
    expect(live.remotes.checkout).toBeUndefined();
  });
});

describe.each(DRIVERS)('automatic rollback, against forged telemetry (%s)', (driver) => {
  const site = siteApi(driver, 0);
  const watch = () => new CanaryWatch(site.api().db, new ReleaseRegistry(site.api().db), SETTINGS, async () => undefined);
  const tags = (release: string) => ({ screen: 'catalog/CarDetailPage', remote: 'catalog', release });
  let reader: Account | undefined;
  const canaryHealth = async (release: string) => {
    const admin = (reader ??= await site.api().account('admin', 'Health Reader'));
    const summary = (await site.api().inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth })).json<TelemetrySummary>();
    return summary.releases.find((entry) => entry.release === release);
  };

  beforeAll(async () => {
    await site.register('3.0.0');
    await site.visits('3.0.0', 100, 1);
  });

  it("cannot move a healthy canary's numbers or roll it back: anonymous, any content type, any origin, many addresses", async () => {
    await site.register('3.1.0', 50);
    await site.visits('3.1.0', 45, 0);
    const before = await canaryHealth('3.1.0');
    const failing: TelemetryEvent[] = [
      ...Array.from({ length: 25 }, () => ({ type: 'view' as const, ...tags('3.1.0') })),
      ...Array.from({ length: 25 }, () => ({ type: 'error' as const, kind: 'boundary' as const, ...tags('3.1.0') })),
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i += 1) {
      const forged = await site.api().inject({
        method: 'POST',
        url: '/telemetry',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': ['text/plain', 'application/json', 'application/x-www-form-urlencoded'][i % 3]!,
          origin: `https://site-${i}.example`,
          'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.${i + 1}`,
        },
        payload: JSON.stringify({ events: failing }),
      });
      statuses.add(forged.statusCode);
    }
    expect([...statuses].sort()).toEqual([202, 415]);
    // A page of the live release's share cannot speak for the canary.
    const livePage = pageToken({ releases: { catalog: '3.0.0' }, bucket: 80 });
    expect((await beacon(site.api(), livePage, failing)).json()).toEqual({ accepted: 0, dropped: 50 });
    expect(await canaryHealth('3.1.0')).toEqual(before);
    expect(await watch().check()).toEqual([]);
    expect(await site.statusOf('3.1.0')).toMatchObject({ status: 'canary' });
  });

  it('counts a page served on the canary at most its allowance, however often its token is replayed', async () => {
    await site.visits('3.1.0', 155, 0);
    const servedPage = pageToken({ releases: { catalog: '3.1.0' }, bucket: 3 });
    const errors = Array.from({ length: 50 }, () => ({ type: 'error', kind: 'boundary', ...tags('3.1.0') }));
    for (let i = 0; i < 20; i += 1) await beacon(site.api(), servedPage, errors as TelemetryEvent[], `198.51.100.${i + 1}`);
    expect(await canaryHealth('3.1.0')).toMatchObject({ pageViews: 200, errors: PAGE_TOKEN_ALLOWANCE.error });
    expect(await watch().check()).toEqual([]);
  });

  it('cannot keep a failing canary alive with made-up page views', async () => {
    await site.register('3.2.0', 50);
    await site.visits('3.2.0', 40, 40);
    const views = Array.from({ length: 50 }, () => ({ type: 'view', ...tags('3.2.0') })) as TelemetryEvent[];
    for (let i = 0; i < 40; i += 1) await beacon(site.api(), undefined, views, `192.0.2.${i + 1}`);
    expect((await watch().check()).map((release) => release.version)).toEqual(['3.2.0']);
    expect((await site.statusOf('3.2.0'))?.reason).toMatch(/^rolled back by automatic: error rate 100\.0 % over 40 page views/);
  });
});

describe.each(DRIVERS)('automatic rollback, on the API’s own timer (%s)', (driver) => {
  const site = siteApi(driver, 100);

  it('takes a failing canary out of rotation by itself, and render servers hear of it on the change stream', async () => {
    await site.register('2.0.0');
    await site.register('2.1.0', 50);
    await site.api().app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(site.api().app.server.address() as AddressInfo).port}`;
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      await site.visits('2.0.0', 50, 0);
      await site.visits('2.1.0', 50, 10);
      await stream.heard('change');
      const [canary] = await site.history();
      expect(canary).toMatchObject({ version: '2.1.0', status: 'rolled_back' });
      // Judged while the pages' reports arrive: once past the minimum of page views and the margin.
      expect(canary?.reason).toMatch(/^rolled back by automatic: error rate \d+\.\d % over (4\d|50) page views, live release 0\.0 %/);
    } finally {
      stream.close();
    }
  });
});

describe('the verdict', () => {
  const none = { views: 0, errors: 0, renders: 0, fallbacks: 0 };

  it('judges the render fallback rate over renders as the error rate over page views', () => {
    expect(rollbackVerdict({ ...none, renders: 40, fallbacks: 4 }, { ...none, renders: 400, fallbacks: 8 }, SETTINGS)).toBe(
      'render fallback rate 10.0 % over 40 renders, live release 2.0 % (margin 5 points)',
    );
    expect(rollbackVerdict({ ...none, renders: 40, fallbacks: 2 }, { ...none, renders: 400, fallbacks: 8 }, SETTINGS)).toBeNull();
    expect(rollbackVerdict({ ...none, renders: 39, fallbacks: 39 }, none, SETTINGS)).toBeNull();
  });

  it("weighs the render servers' own counts before what pages report", () => {
    expect(rollbackVerdict({ views: 40, errors: 40, renders: 40, fallbacks: 40 }, none, SETTINGS)).toMatch(/^render fallback rate 100\.0 % over 40 renders/);
  });
});
