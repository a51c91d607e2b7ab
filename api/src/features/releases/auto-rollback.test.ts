import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { PAGE_TOKEN_ALLOWANCE } from '@usedcars/shared-contract/page-token';
import type { TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { canarySite, manifestOf as manifest } from '../../../test/canary-site';
import { openStream } from '../../../test/changeStream';
import { mailOutbox } from '../../db/schema';
import { type Account, DRIVERS, beacon, pageToken, until } from '../../../test/helpers';

const versions = (events: { version: string }[]) => events.map((event) => event.version);

describe.each(DRIVERS)('automatic rollback, judged on demand (%s)', (driver) => {
  const site = canarySite(driver);
  const watch = (announce = jest.fn(async () => undefined)) => site.watch(undefined, announce);

  beforeAll(async () => {
    await site.register('1.0.0');
    await site.visits('1.0.0', { views: 100, errors: 1 });
  });

  it('keeps a canary whose error rate is above the live release’s by less than the margin', async () => {
    await site.register('1.1.0', 50);
    await site.visits('1.1.0', { views: 50, errors: 2 });
    const announce = jest.fn(async () => undefined);
    expect(await watch(announce).check()).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
    expect(await site.statusOf('1.1.0')).toMatchObject({ status: 'canary', share: 50 });
  });

  it('keeps a canary failing for visitors of too few networks: suspect, the team told once, no rollback', async () => {
    await site.register('1.2.0', 50);
    await site.visits('1.2.0', { views: 11, errors: 11 });
    const told: string[] = [];
    expect(versions(await site.watch((event) => told.push(`${event.event}: ${event.reason}`)).check())).toEqual(['1.2.0']);
    // The live release's rate is over the canary's hours: its visits may fall in the hour before.
    expect(told).toEqual([
      expect.stringMatching(
        /^suspect: error rate 100\.0 % over 11 page views from 11 networks, live release \d\.\d % \(margin 5 points\), but from 11 networks only \(12 needed to act\): a person decides$/,
      ),
    ]);
    expect(await watch().check()).toEqual([]);
    expect(await site.statusOf('1.2.0')).toMatchObject({ status: 'canary' });
    expect(await site.analysis()).toMatchObject({ verdict: 'suspect', suspectSince: expect.any(String) });
  });

  it('rolls back a canary past the margin once its errors come from enough networks, recording why, and tells the site', async () => {
    await site.visits('1.2.0', { views: 1, errors: 1 });
    const announce = jest.fn(async () => undefined);
    const done = await watch(announce).check();
    expect(versions(done)).toEqual(['1.2.0']);
    expect(announce).toHaveBeenCalledTimes(1);
    const rolledBack = await site.statusOf('1.2.0');
    expect(rolledBack).toMatchObject({ status: 'rolled_back', share: null });
    expect(rolledBack?.reason).toMatch(
      /^rolled back by automatic: error rate 100\.0 % over 12 page views from 12 networks, live release \d\.\d % \(margin 5 points\)$/,
    );
    const live = (await site.api().inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, unknown> }>();
    expect(live.remotes.catalog).toEqual({ live: { version: '1.0.0', manifestUrl: manifest('1.0.0') }, canary: null });
  });

  it('acts once, and tells once, when several API instances judge the same canary at the same time', async () => {
    await site.register('1.3.0', 20);
    await site.visits('1.3.0', { views: 60, errors: 30 });
    const told: string[] = [];
    const results = await Promise.all([1, 2, 3].map(() => site.watch((event) => told.push(event.event)).check()));
    expect(versions(results.flat())).toEqual(['1.3.0']);
    expect(told).toEqual(['rollback']);
    expect(await site.statusOf('1.3.0')).toMatchObject({ status: 'rolled_back' });
    const mails = await site.api().db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'catalog 1.3.0 was rolled back automatically'));
    expect(mails.map((mail) => mail.to)).toEqual([site.admin().email]);
  });

  it("judges a remote's first canary against its baseline set's build, and rolling it back puts everyone on the baseline set", async () => {
    await site.register('9.0.0', 10, 'checkout');
    await site.visits('0.1.0', { views: 100, remote: 'checkout', baselineSet: true });
    await site.visits('9.0.0', { views: 40, errors: 2, remote: 'checkout' });
    expect(await watch().check()).toEqual([]);
    await site.visits('9.0.0', { views: 20, errors: 20, remote: 'checkout' });
    expect(versions(await watch().check())).toEqual(['9.0.0']);
    expect((await site.statusOf('9.0.0', 'checkout'))?.reason).toBe(
      'rolled back by automatic: error rate 36.7 % over 60 page views from 60 networks, baseline set 0.0 % (margin 5 points)',
    );
    const live = (await site.api().inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, unknown> }>();
    expect(live.remotes.checkout).toBeUndefined();
  });
});

describe.each(DRIVERS)('automatic rollback, against forged telemetry (%s)', (driver) => {
  const site = canarySite(driver);
  const watch = () => site.watch();
  const tags = (release: string) => ({ screen: 'catalog/CarDetailPage', remote: 'catalog', release });
  let reader: Account | undefined;
  const canaryHealth = async (release: string) => {
    const admin = (reader ??= await site.api().account('admin', 'Health Reader'));
    const summary = (await site.api().inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth })).json<TelemetrySummary>();
    return summary.releases.find((entry) => entry.release === release);
  };

  beforeAll(async () => {
    await site.register('3.0.0');
    await site.visits('3.0.0', { views: 100, errors: 1 });
  });

  it("cannot move a healthy canary's numbers or roll it back: anonymous, any content type, any origin, many addresses", async () => {
    await site.register('3.1.0', 50);
    await site.visits('3.1.0', { views: 45 });
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
    await site.visits('3.1.0', { views: 155 });
    const servedPage = pageToken({ releases: { catalog: '3.1.0' }, bucket: 3 });
    const errors = Array.from({ length: 50 }, () => ({ type: 'error', kind: 'boundary', ...tags('3.1.0') }));
    for (let i = 0; i < 20; i += 1) await beacon(site.api(), servedPage, errors as TelemetryEvent[], `198.51.100.${i + 1}`);
    expect(await canaryHealth('3.1.0')).toMatchObject({ pageViews: 200, errors: PAGE_TOKEN_ALLOWANCE.error });
    expect(await watch().check()).toEqual([]);
  });

  it('cannot keep a failing canary alive with made-up page views', async () => {
    await site.register('3.2.0', 50);
    await site.visits('3.2.0', { views: 40, errors: 40 });
    const views = Array.from({ length: 50 }, () => ({ type: 'view', ...tags('3.2.0') })) as TelemetryEvent[];
    for (let i = 0; i < 40; i += 1) await beacon(site.api(), undefined, views, `192.0.2.${i + 1}`);
    expect(versions(await watch().check())).toEqual(['3.2.0']);
    expect((await site.statusOf('3.2.0'))?.reason).toMatch(/^rolled back by automatic: error rate 100\.0 % over 40 page views/);
  });
});

describe.each(DRIVERS)('automatic rollback, on the API’s own timer (%s)', (driver) => {
  const site = canarySite(driver, { settings: { checkMs: 100 } });

  it('takes a failing canary out of rotation by itself, and render servers hear of it on the change stream', async () => {
    await site.register('2.0.0');
    await site.register('2.1.0', 50);
    await site.api().app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(site.api().app.server.address() as AddressInfo).port}`;
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      await site.visits('2.0.0', { views: 50 });
      await site.visits('2.1.0', { views: 50, errors: 30 });
      // Other writes (the pages' reports) are announced too: wait for a change announced once the canary is out.
      const [canary] = await until(site.history, ([latest]) => latest?.status !== 'canary', 'the canary to leave rotation');
      expect(canary).toMatchObject({ version: '2.1.0', status: 'rolled_back' });
      await stream.arrived((event) => event.name === 'change' && Number(event.data) >= Date.parse(canary!.updatedAt));
      // Judged while the pages' reports arrive: as soon as the sequential test shows it past the margin.
      expect(canary?.reason).toMatch(/^rolled back by automatic: error rate \d+\.\d % over \d+ page views from \d+ networks, live release 0\.0 %/);
    } finally {
      stream.close();
    }
  });
});
