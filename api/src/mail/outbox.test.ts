import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { TEST_CONFIG, type Account, COLLECTION, describeEachDriver } from '../../test/helpers';
import { mailOutbox, users } from '../db/schema';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { MailSender, retryDelaySeconds } from './outbox';
import { unsubscribeSecretOf } from './settings';
import { UnsubscribeTokens } from './unsubscribe';

describeEachDriver('alert mails (outbox, SMTP, unsubscribe)', (api) => {
  let catcher: MailCatcher;
  let seller: Account;
  const tokens = new UnsubscribeTokens(unsubscribeSecretOf(TEST_CONFIG.mail, TEST_CONFIG.jwtSecret));
  const sender = () =>
    new MailSender(
      api().db,
      createTransport({ host: '127.0.0.1', port: catcher.port, secure: false, ignoreTLS: true }),
      { ...TEST_CONFIG.mail, siteUrl: 'http://site.test' },
      tokens,
    );

  beforeAll(async () => {
    catcher = await startMailCatcher();
    seller = await api().account('Seller');
  });
  afterAll(() => catcher.close());

  async function buyerWithMatch(carName: string): Promise<Account> {
    const buyer = await api().account('Buyer');
    const saved = await api().inject({
      method: 'POST',
      url: '/saved-searches',
      headers: buyer.auth,
      payload: { name: 'Mercs', filters: { category: 'mercedes', q: carName } },
    });
    expect(saved.statusCode).toBe(201);
    await api().addCar(seller, { categoryName: 'mercedes', carName, currentPrice: 41_000 });
    return buyer;
  }
  const caughtFor = (who: Account) => catcher.mails().filter((mail) => mail.to.includes(who.email));

  it('sends a queued alert once over SMTP, with the car link and a working unsubscribe link', async () => {
    const buyer = await buyerWithMatch('Mercedes E 300 Estate');
    await sender().sendDue();
    await sender().sendDue();
    const mails = caughtFor(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'A new car matches your saved search', messageId: expect.stringMatching(/^<alert-.+@usedcars\.local>$/) });
    expect(mails[0]!.text).toContain('New match for "Mercs": Mercedes E 300 Estate at $41,000');
    expect(mails[0]!.text).toMatch(new RegExp(`http://site\\.test${COLLECTION.mercedes}/[0-9a-f-]{36}`));
    const link = /(http:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mails[0]!.text)?.[1];
    expect(link).toBeDefined();
    expect(mails[0]!.listUnsubscribe).toContain(link);

    const url = new URL(link!);
    const shown = await api().inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<button type="submit">Unsubscribe</button>');
    const done = await api().inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${url.searchParams.get('token')}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will get no more alert mails');
    expect((await api().db.select({ on: users.emailAlerts }).from(users).where(eq(users.id, buyer.id)))[0]!.on).toBe(false);

    await api().addCar(seller, { categoryName: 'mercedes', carName: 'Mercedes E 300 Estate AMG Line' });
    expect(await api().db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).toHaveLength(1);
  });

  it('refuses a forged or mangled unsubscribe token and changes nothing', async () => {
    const buyer = await api().account('Buyer');
    const forged = `${Buffer.from(buyer.id).toString('base64url')}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', '']) {
      const response = await api().inject({ method: 'POST', url: '/unsubscribe', payload: { token } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'This unsubscribe link is not valid; use the link of a recent mail' });
    }
    expect((await api().inject({ method: 'GET', url: `/unsubscribe?token=${forged}` })).statusCode).toBe(400);
    expect((await api().db.select({ on: users.emailAlerts }).from(users).where(eq(users.id, buyer.id)))[0]!.on).toBe(true);
    const real = await api().inject({ method: 'POST', url: `/unsubscribe?token=${tokens.issue(buyer.id)}`, payload: {} });
    expect(real.json()).toEqual({ message: 'You will get no more alert mails. Your saved searches and the notifications in the site stay.' });
  });

  it('keeps a mail while the SMTP server refuses it, tries again later with the same Message-ID, and sends it once', async () => {
    const buyer = await buyerWithMatch('Mercedes C 200 Coupe');
    catcher.setRefusing(true);
    try {
      expect(await sender().sendDue()).toBe(0);
    } finally {
      catcher.setRefusing(false);
    }
    const [queued] = await api().db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(queued).toMatchObject({ sentAt: null, attempts: 1, leaseUntil: null, lastError: expect.stringContaining('refusing') });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(queued!.createdAt.getTime() + (retryDelaySeconds(1) - 5) * 1000);
    // Not due yet: nothing goes.
    await sender().sendDue();
    expect(caughtFor(buyer)).toEqual([]);

    await api()
      .db.update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, queued!.id));
    // Two senders at once (two API instances): the row is claimed by one of them.
    await Promise.all([sender().sendDue(), sender().sendDue()]);
    expect(caughtFor(buyer).map((mail) => mail.messageId)).toEqual([queued!.messageId]);
    const [after] = await api().db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
    expect(after).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it('backs off from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});
