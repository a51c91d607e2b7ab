import { and, eq } from 'drizzle-orm';
import { type Account, TEST_CONFIG, describeEachDriver } from '../../../test/helpers';
import { mailOutbox, messages, users } from '../../db/schema';
import { unsubscribeSecretOf } from '../../mail/settings';
import { UnsubscribeTokens } from '../../mail/unsubscribe';
import { UnreadMessageMail, defaultMessageMailSettings } from './mailer';

const MINUTE = 60_000;

describeEachDriver('mails about messages left unread', (api) => {
  let seller: Account;
  let carId: string;
  let now = new Date();
  const mailer = () => new UnreadMessageMail(api().db, defaultMessageMailSettings, () => now);
  const later = (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE));
  const mailsTo = (who: Account) =>
    api()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.list, 'messages')));

  beforeAll(async () => {
    seller = await api().account('Seller', 'Sam Seller');
    carId = await api().addCar(seller, { carName: 'Audi A3 Sportback' });
  });

  async function conversation(buyer: Account, text: string): Promise<string> {
    const asked = await api().inject({ method: 'POST', url: '/conversations', headers: buyer.auth, payload: { carId, text } });
    now = new Date(asked.json().message.createdAt);
    return asked.json()._id;
  }

  it('mails the reader once a message has waited 10 minutes unread, then at most once an hour, with the link and an unsubscribe link', async () => {
    const buyer = await api().account('Buyer', 'Bo Buyer');
    const id = await conversation(buyer, 'Can I see it on Saturday?');
    later(9);
    expect(await mailer().queueDue()).toBe(0);
    later(2);
    expect(await mailer().queueDue()).toBe(1);
    expect(await mailer().queueDue()).toBe(0);
    const [mail] = await mailsTo(seller);
    expect(mail).toMatchObject({ subject: 'Bo Buyer wrote to you about Audi A3 Sportback', link: `/messages/${id}`, userId: seller.id });
    expect(mail!.body).toContain('Can I see it on Saturday?');
    expect(mail!.body).not.toContain(buyer.email);

    // A new message 20 minutes on is mailed only once the hour since the last mail is over.
    later(20);
    const again = await api().inject({ method: 'POST', url: `/conversations/${id}/messages`, headers: buyer.auth, payload: { text: 'Or Sunday?' } });
    // Written at the mailer's clock, as it would be 20 minutes on.
    await api().db.update(messages).set({ createdAt: now }).where(eq(messages.id, again.json()._id));
    later(15);
    expect(await mailer().queueDue()).toBe(0);
    later(30);
    expect(await mailer().queueDue()).toBe(1);
    expect(await mailsTo(seller)).toHaveLength(2);
  });

  it('mails nobody about what they read, nor anyone who unsubscribed from these mails', async () => {
    const reader = await api().account('Buyer');
    const id = await conversation(reader, 'Is the price firm?');
    await api().inject({ method: 'POST', url: `/conversations/${id}/read`, headers: seller.auth });
    await api().inject({ method: 'POST', url: `/conversations/${id}/messages`, headers: seller.auth, payload: { text: 'It is.' } });

    const tokens = new UnsubscribeTokens(unsubscribeSecretOf(TEST_CONFIG.mail, TEST_CONFIG.jwtSecret));
    const done = await api().inject({ method: 'POST', url: `/unsubscribe?token=${tokens.issue(reader.id, 'messages')}`, payload: {} });
    expect(done.json()).toEqual({ message: 'You will get no more mails about unread messages. Your messages stay in Messages on the site.' });
    const [account] = await api().db.select({ messages: users.messageEmails, alerts: users.emailAlerts }).from(users).where(eq(users.id, reader.id));
    expect(account).toEqual({ messages: false, alerts: true });
    // A messages token cannot be passed off as an alerts one.
    const forged = tokens.issue(reader.id, 'messages').replace(/^messages\./, '');
    expect((await api().inject({ method: 'POST', url: `/unsubscribe?token=${forged}`, payload: {} })).statusCode).toBe(400);

    later(11);
    await mailer().queueDue();
    expect(await mailsTo(reader)).toEqual([]);
    expect((await mailsTo(seller)).filter((mail) => mail.link === `/messages/${id}`)).toEqual([]);
  });
});
