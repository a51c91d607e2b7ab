import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { canarySite, fakeClock } from '../../../test/canary-site';
import { mailOutbox } from '../../db/schema';
import { DRIVERS, pageToken, rendererReport } from '../../../test/helpers';
import type { ReleaseEvent } from './notices';

/**
 * Distinct loopback source addresses stand for distinct visitor networks (docs/releases.md, "What
 * is trusted, and why"): the API listens on 127.0.0.1 and each visitor or forger sends its beacons
 * from an address of its own, as the API sees them, with the page tokens of pages it was served.
 */
describe.each(DRIVERS)('the verdict against forgers with a few networks (%s)', (driver) => {
  const clock = fakeClock();
  const site = canarySite(driver, { clock: clock.now });
  let port = 0;
  const tags = (release: string) => ({ screen: 'catalog/HomePage', remote: 'catalog', release });

  /** A beacon of `events` under the token of a page the render server served, sent from `from`. */
  async function beaconFrom(from: string, release: string, events: TelemetryEvent[]): Promise<{ accepted: number; dropped: number }> {
    expect((await rendererReport(site.api(), [{ type: 'served', remote: 'catalog', release, count: 1 }])).statusCode).toBe(202);
    const body = JSON.stringify({ token: pageToken({ releases: { catalog: release }, at: clock.now().getTime() }), events });
    return new Promise((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port, path: '/telemetry', method: 'POST', localAddress: from, headers: { 'content-type': 'text/plain' } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(JSON.parse(text) as { accepted: number; dropped: number }));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }
  const views = (release: string, count: number) => Array.from({ length: count }, (): TelemetryEvent => ({ type: 'view', ...tags(release) }));
  const errors = (release: string, count: number) =>
    Array.from({ length: count }, (): TelemetryEvent => ({ type: 'error', kind: 'boundary', message: 'made up', ...tags(release) }));
  /** Three forgers, ten page tokens each, every batch as much as a token allows. */
  async function forgers(release: string, batch: TelemetryEvent[]) {
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) for (let token = 0; token < 10; token += 1) await beaconFrom(from, release, batch);
    await site.flush();
  }

  beforeAll(async () => {
    await site.api().app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.api().app.server.address() as AddressInfo).port;
    await site.register('5.0.0');
    await site.visits('5.0.0', { views: 500, errors: 2 });
  });

  it('forged errors from three addresses with ten page tokens each do not roll back a healthy canary', async () => {
    await site.register('5.1.0', 50);
    await site.visits('5.1.0', { views: 40 });
    await forgers('5.1.0', [...views('5.1.0', 5), ...errors('5.1.0', 5)]);
    expect(await site.watch().check()).toEqual([]);
    expect(await site.statusOf('5.1.0')).toMatchObject({ status: 'canary', share: 50 });
    // Each forger counts as one visitor, whatever its ten tokens allowed: 30 views and 5 errors apiece.
    expect((await site.analysis())?.numbers.canary).toMatchObject({ pageViews: 130, errors: 15, errorNetworks: 3, networks: 43 });
  });

  it('the sharpest a forger can be (a single token, as many views as errors) makes a young canary suspect at most', async () => {
    await site.register('5.1.1', 50);
    await site.visits('5.1.1', { views: 10 });
    for (const from of ['127.0.0.7', '127.0.0.8', '127.0.0.9']) await beaconFrom(from, '5.1.1', [...views('5.1.1', 5), ...errors('5.1.1', 5)]);
    await site.flush();
    expect((await site.watch().check()).map((event) => event.event)).toEqual(['suspect']);
    expect(await site.statusOf('5.1.1')).toMatchObject({ status: 'canary', share: 50 });
  });

  it('forged clean page views from three addresses with ten page tokens each do not keep a failing canary from rollback', async () => {
    await site.register('5.2.0', 50);
    await forgers('5.2.0', views('5.2.0', 30));
    expect((await site.analysis())?.numbers.canary).toMatchObject({ pageViews: 90, networks: 3 });
    let visits = 0;
    for (; visits < 40 && (await site.statusOf('5.2.0'))?.status === 'canary'; visits += 1) {
      await beaconFrom(`127.0.1.${visits + 1}`, '5.2.0', [...views('5.2.0', 1), ...errors('5.2.0', 1)]);
      await site.flush();
      await site.watch().check();
    }
    expect(await site.statusOf('5.2.0')).toMatchObject({ status: 'rolled_back', reason: expect.stringMatching(/^rolled back by automatic: error rate/) });
    expect(visits).toBeLessThanOrEqual(40);
  });

  it('rolls back a canary failing for every visitor from enough networks within 40 page views', async () => {
    await site.register('5.3.0', 10);
    let visits = 0;
    for (; visits < 40 && (await site.statusOf('5.3.0'))?.status === 'canary'; visits += 1) {
      await beaconFrom(`127.0.2.${visits + 1}`, '5.3.0', [...views('5.3.0', 1), ...errors('5.3.0', 1)]);
      await site.flush();
      await site.watch().check();
    }
    expect(await site.statusOf('5.3.0')).toMatchObject({ status: 'rolled_back' });
    expect(visits).toBe(site.settings.minNetworks);
  });

  it('errors from two networks only make a canary suspect: its ramp pauses and the team gets one mail', async () => {
    await site.register('5.4.0', 10, 'catalog', { steps: [10, 50, 100], everyMs: 60_000 });
    await site.visits('5.4.0', { views: 20 });
    for (const from of ['127.0.0.5', '127.0.0.6']) await beaconFrom(from, '5.4.0', [...views('5.4.0', 5), ...errors('5.4.0', 5)]);
    await site.flush();
    const told: ReleaseEvent[] = [];
    clock.advance(61_000);
    expect((await site.watch((event) => told.push(event)).check()).map((event) => event.event)).toEqual(['suspect']);
    expect(told[0]).toMatchObject({
      event: 'suspect',
      share: 10,
      verdict: 'suspect',
      reason: expect.stringContaining('but from 2 networks only (12 needed to act)'),
    });
    // Its step is due, and held: no step while it is suspect, and no second mail.
    expect((await site.analysis())?.ramp).toMatchObject({ step: 0, held: 'suspect' });
    expect(await site.watch().check()).toEqual([]);
    expect(await site.statusOf('5.4.0')).toMatchObject({ status: 'canary', share: 10 });
    const mails = await site.api().db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'catalog 5.4.0 is suspect: a person decides'));
    expect(mails.map((mail) => mail.to)).toEqual([site.admin().email]);
    expect(mails[0]!.body).toContain('Its ramp is paused');
    expect(mails[0]!.body).toContain('- suspect: error rate');
  });
});
