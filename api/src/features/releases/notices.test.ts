import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTransport } from 'nodemailer';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { type MailCatcher, startMailCatcher } from '../../mail/mail-catcher';
import { MailSender } from '../../mail/outbox';
import { UnsubscribeTokens } from '../../mail/unsubscribe';
import { canarySite } from '../../../test/canary-site';
import { type Account, DRIVERS, TEST_CONFIG, until } from '../../../test/helpers';
import { FakeIdentity } from '../auth/identity';
import { TestGateway } from '../payments/test-gateway';

const SECRET = 'webhook-secret-0123456789abcdef';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A chat tool's webhook receiver: it refuses the first try of each delivery (a hiccup), then takes it. */
async function receiver() {
  const deliveries: Delivery[] = [];
  const refused = new Set<string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      const id = String(request.headers['x-usedcars-delivery']);
      if (refused.has(id)) return response.writeHead(204).end();
      refused.add(id);
      response.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/releases`,
    deliveries,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** What a receiver does with docs/releases.md's snippet: the signature over "t.body", within 5 minutes. */
function verified({ headers, body }: Delivery, secret = SECRET): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-usedcars-signature'])) ?? [];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

/** Waits for what a timer elsewhere does (both instances judge every 100 ms). */

const metricLines = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe.each(DRIVERS)('being told of automatic changes, with two API instances (%s)', (driver) => {
  let hook: Awaited<ReturnType<typeof receiver>>;
  let catcher: MailCatcher;
  beforeAll(async () => {
    hook = await receiver();
    catcher = await startMailCatcher();
  });
  const site = canarySite(driver, {
    settings: { checkMs: 100 },
    config: () => ({ releases: { ...TEST_CONFIG.releases, webhook: { url: hook.url, secret: SECRET, retryDelaysMs: [50, 50] } } }),
  });
  let second: FastifyInstance;
  let secondDb: Database | undefined;
  let otherAdmin: Account;
  let author: Account;
  const instances = () => [site.api().app, second];
  const outbox = async (subject: string) =>
    (await site.api().db.select().from(mailOutbox).where(like(mailOutbox.subject, subject))).map((row) => row.to).sort();
  const deliveriesOf = (event: string) => hook.deliveries.filter((delivery) => (JSON.parse(delivery.body) as { event: string }).event === event);

  beforeAll(async () => {
    // The second copy: its own pool on PostgreSQL (PGlite is one process: the same database object).
    secondDb = driver === 'postgres' ? openDatabase({ url: site.api().database.url! }) : undefined;
    const db = secondDb?.db ?? site.api().db;
    second = await buildApp({ db, identity: new FakeIdentity(), gateway: new TestGateway(db), config: site.config() });
    await second.ready();
    otherAdmin = await site.api().account('admin', 'Second Admin');
    author = await site.api().account('Seller', 'Former Release Manager');
    await site.register('1.0.0');
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await catcher.close();
    await hook.close();
  });

  it('a rollback: one mail per admin (a deploy token’s release has no person to tell) and one signed webhook delivery, retried', async () => {
    await site.register('1.1.0', 20, 'catalog', undefined, 'catalog team (catalog token)');
    await site.visits('1.0.0', { views: 50 });
    await site.visits('1.1.0', { views: 40, errors: 20 });
    await until(
      () => site.statusOf('1.1.0'),
      (release) => release?.status === 'rolled_back',
      'the rollback',
    );
    const subject = 'catalog 1.1.0 was rolled back automatically';
    expect(await outbox(subject)).toEqual([site.admin().email, otherAdmin.email].sort());

    const [refused, taken] = await until(
      async () => deliveriesOf('rollback'),
      (list) => list.length >= 2,
      'the webhook',
    );
    expect(refused!.headers['x-usedcars-delivery']).toBe(taken!.headers['x-usedcars-delivery']);
    expect(refused!.headers['content-type']).toBe('application/json');
    for (const delivery of [refused!, taken!]) expect(verified(delivery)).toBe(true);
    expect(JSON.parse(taken!.body)).toEqual({
      event: 'rollback',
      remote: 'catalog',
      version: '1.1.0',
      share: 0,
      // Rolled back as soon as the sequential test saw it, while the visits still came.
      reason: expect.stringMatching(
        /^rolled back by automatic: error rate \d+\.\d % over \d+ page views from \d+ networks, live release 0\.0 % \(margin 5 points\)$/,
      ),
      verdict: 'failing',
      checks: expect.arrayContaining([expect.objectContaining({ check: 'error_rate', state: 'failing' })]),
      numbers: {
        canary: expect.objectContaining({ errorNetworks: expect.any(Number), networks: expect.any(Number) }),
        baseline: expect.objectContaining({ pageViews: 50, errors: 0 }),
      },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // A forger without the secret, or one who changes a byte, fails the receiver's check.
    expect(verified(taken!, 'another-secret-0123456789')).toBe(false);
    expect(verified({ ...taken!, body: taken!.body.replace('"share":0', '"share":1') })).toBe(false);

    // Both instances kept judging for a while: still one mail per admin, one delivery, one count.
    // eslint-disable-next-line tests/no-fixed-wait -- no sign of an instance's next judgement reaches the test yet (a judgement of its own hangs on PGlite)
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outbox(subject)).toHaveLength(2);
    expect(new Set(deliveriesOf('rollback').map((delivery) => delivery.headers['x-usedcars-delivery'])).size).toBe(1);
    const counts = await Promise.all(instances().map(async (app) => metricLines(await app.metrics.registry.metrics(), 'release_automatic_changes_total')));
    expect(
      counts
        .flat()
        .filter((line) => line.includes('action="rollback"') && line.includes('remote="catalog"'))
        .map((line) => Number(line.split(' ')[1]))
        .sort(),
    ).toEqual([0, 1]);
  });

  it('a ramp: a lighter note (the webhook only) at each step, and at its promotion mail to the admins and the release’s author', async () => {
    await site.register('1.2.0', undefined, 'catalog', { steps: [10, 50, 100], everyMs: 1_000 }, author.email);
    await site.visits('1.2.0', { views: 60 });
    await site.renders('1.2.0', 60);
    await until(
      () => site.statusOf('1.2.0'),
      (release) => release?.status === 'live',
      'the promotion',
    );
    expect((await site.history()).find((release) => release.version === '1.0.0')?.reason).toBe('replaced by 1.2.0 (promoted by automatic ramp)');
    expect(await outbox('catalog 1.2.0 was promoted by its ramp')).toEqual([site.admin().email, otherAdmin.email, author.email].sort());
    expect(await outbox('%1.2.0%')).toHaveLength(3);
    await until(
      async () => deliveriesOf('promotion'),
      (list) => list.length >= 2,
      'the promotion webhook',
    );
    expect(deliveriesOf('ramp_step').map((delivery) => JSON.parse(delivery.body) as { share: number; reason: string })[1]).toMatchObject({
      share: 50,
      reason: 'share 50 % by automatic ramp',
    });
    expect(new Set(deliveriesOf('ramp_step').map((delivery) => delivery.headers['x-usedcars-delivery'])).size).toBe(1);
  });

  it('the mails go out through the outbox and land in the mail catcher, with the numbers and a link to the Releases screen', async () => {
    const transport = createTransport({ host: '127.0.0.1', port: catcher.port, secure: false, ignoreTLS: true });
    await new MailSender(site.api().db, transport, { ...TEST_CONFIG.mail, siteUrl: 'http://site.test' }, new UnsubscribeTokens('x'.repeat(32))).sendDue();
    const rolledBack = catcher.mails().filter((mail) => mail.subject === 'catalog 1.1.0 was rolled back automatically');
    expect(rolledBack.flatMap((mail) => mail.to).sort()).toEqual([site.admin().email, otherAdmin.email].sort());
    expect(rolledBack[0]!.text).toMatch(
      /The canary catalog 1\.1\.0 \(20 % of visitors\) was rolled back automatically: error rate \d+\.\d % over \d+ page views from \d+ networks/,
    );
    // Each check named, then the numbers side by side.
    expect(rolledBack[0]!.text).toMatch(/What was judged:\s+- not judged: no page of it rendered on the server yet/);
    expect(rolledBack[0]!.text).toMatch(/- failing: error rate/);
    expect(rolledBack[0]!.text).toMatch(/error rate\s+\d+\.\d % \(\d+, \d+ networks\)\s+0\.0 % \(0, 0 networks\)/);
    expect(rolledBack[0]!.text).toContain('http://site.test/dashboard/releases');
    // Operational mail, not an alert: nothing to unsubscribe from.
    expect(rolledBack[0]!.listUnsubscribe).toBeUndefined();
    expect(
      catcher
        .mails()
        .filter((mail) => mail.subject === 'catalog 1.2.0 was promoted by its ramp')
        .flatMap((mail) => mail.to),
    ).toContain(author.email);
  });

  it("shows each remote's canary share and the automatic changes on /metrics, with the topology's remotes as the only labels", async () => {
    await site.register('1.3.0', 30);
    const text = await site.api().app.metrics.registry.metrics();
    expect(metricLines(text, 'release_canary_share').sort()).toEqual([
      'release_canary_share{remote="catalog"} 30',
      'release_canary_share{remote="checkout"} 0',
      'release_canary_share{remote="dashboard"} 0',
      'release_canary_share{remote="messages"} 0',
    ]);
    const changes = instances().map(async (app) => metricLines(await app.metrics.registry.metrics(), 'release_automatic_changes_total'));
    for (const lines of await Promise.all(changes)) {
      expect(lines).toHaveLength(16);
      for (const line of lines)
        expect(line).toMatch(
          /^release_automatic_changes_total\{remote="(catalog|checkout|dashboard|messages)",action="(rollback|promotion|ramp_step|suspect)"\} \d+$/,
        );
    }
  });
});
