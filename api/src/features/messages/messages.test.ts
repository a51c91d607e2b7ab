import { eq } from 'drizzle-orm';
import { type Conversation, DELETED_ACCOUNT, NEXT_CURSOR_HEADER } from '@usedcars/shared-contract';
import { type Account, TEST_CONFIG, describeEachDriver } from '../../../test/helpers';
import { cars } from '../../db/schema';
import { REFUSALS } from './service';

describeEachDriver('messages between a buyer and a seller', (api) => {
  let seller: Account;
  let buyer: Account;
  let stranger: Account;
  let admin: Account;
  let carId: string;

  beforeAll(async () => {
    seller = await api().account('Seller', 'Sam Seller');
    buyer = await api().account('Buyer', 'Bea Buyer');
    stranger = await api().account('Buyer', 'Stan Stranger');
    admin = await api().account('admin');
    carId = await api().addCar(seller, { carName: 'Honda Jazz 2019' });
  });

  const call = (who: Account | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    api().inject({ method, url, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload }) });
  const ask = (who: Account, text: string, car = carId) => call(who, 'POST', '/conversations', { carId: car, text });
  const inbox = async (who: Account) => (await call(who, 'GET', '/conversations')).json<{ items: Conversation[]; unread: number }>();

  it('lets a buyer ask from a car, once per car, and the seller read and reply; nobody else reads it', async () => {
    const first = await ask(buyer, 'Is the service history complete?');
    expect(first.statusCode).toBe(201);
    const { _id: id } = first.json<{ _id: string }>();
    const again = await ask(buyer, 'And are there two keys?');
    expect({ status: again.statusCode, id: again.json()._id }).toEqual({ status: 200, id });

    const sellers = await inbox(seller);
    expect(sellers.unread).toBe(2);
    expect(sellers.items).toEqual([
      expect.objectContaining({ _id: id, carId, carName: 'Honda Jazz 2019', side: 'seller', buyerName: 'Bea Buyer', sellerName: 'Sam Seller', unread: 2 }),
    ]);
    expect(sellers.items[0]!.lastMessage).toMatchObject({ text: 'And are there two keys?', from: 'buyer' });
    expect((await inbox(buyer)).unread).toBe(0);

    const response = await call(seller, 'POST', `/conversations/${id}/messages`, { text: 'Yes, both keys and every stamp.' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ from: 'seller', conversationId: id });
    expect((await inbox(seller)).unread).toBe(0);
    expect((await inbox(buyer)).items[0]).toMatchObject({ unread: 1, side: 'buyer' });
    expect((await call(buyer, 'POST', `/conversations/${id}/read`)).json()).toEqual({ unread: 0 });

    const page = await call(buyer, 'GET', `/conversations/${id}/messages`);
    expect(page.json().items.map((message: { text: string; from: string }) => [message.from, message.text])).toEqual([
      ['buyer', 'Is the service history complete?'],
      ['buyer', 'And are there two keys?'],
      ['seller', 'Yes, both keys and every stamp.'],
    ]);

    // Another buyer, or anyone guessing ids, learns nothing; an admin reads only what was reported.
    for (const url of [`/conversations/${id}`, `/conversations/${id}/messages`]) {
      expect((await call(stranger, 'GET', url)).json()).toEqual({ message: `No conversation of yours with id ${id}` });
      expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
      expect((await call(admin, 'GET', url)).json()).toEqual({ message: REFUSALS.adminReadsReported });
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await call(stranger, 'POST', `/conversations/${id}/messages`, { text: 'Let me in' })).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/conversations/${id}/read`)).statusCode).toBe(404);
    expect((await inbox(stranger)).items).toEqual([]);
  });

  it('never lets a seller write first, nor anyone ask about their own car', async () => {
    const refused = await ask(seller, 'Hello from the seller');
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: 'Only Buyer accounts can ask sellers about their cars' },
    });
    const ownCar = await api().addCar(seller, { carName: 'Later a buyer’s own' });
    await api().db.update(cars).set({ sellerId: buyer.id }).where(eq(cars.id, ownCar));
    const own = await ask(buyer, 'Asking myself', ownCar);
    expect({ status: own.statusCode, body: own.json() }).toEqual({ status: 403, body: { message: REFUSALS.ownCar } });
    expect((await ask(buyer, 'Anyone there?', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('takes 1 to 2,000 characters, and shows no account’s e-mail address to the other side', async () => {
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const refused = await ask(buyer, text);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^text (is required|must be at most 2000 characters)$/);
    }
    expect((await ask(buyer, 'y'.repeat(2000))).statusCode).toBe(200);
    const typedText = `Reach me at ${buyer.email} or +1 415 555 0101`;
    const typed = await ask(buyer, typedText);
    expect(typed.statusCode).toBe(200);
    const sellersView = JSON.stringify(await inbox(seller)) + (await call(seller, 'GET', `/conversations/${typed.json()._id}/messages`)).body;
    // What the buyer typed reaches the seller; their account's address appears nowhere else.
    expect(sellersView).toContain(typedText);
    expect(sellersView.replaceAll(typedText, '')).not.toContain(buyer.email);
    const buyersView = JSON.stringify(await inbox(buyer)) + (await call(buyer, 'GET', `/conversations/${typed.json()._id}`)).body;
    expect(buyersView).not.toContain(seller.email);
  });

  it('pages a long conversation by cursor, newest page first', async () => {
    const other = await api().addCar(seller, { carName: 'Honda Civic 2017' });
    const asker = await api().account('Buyer');
    let id = '';
    for (let n = 1; n <= 5; n += 1) id = (await ask(asker, `Question ${n}`, other)).json()._id;
    const first = await call(asker, 'GET', `/conversations/${id}/messages?limit=2`);
    expect(first.json().items.map((m: { text: string }) => m.text)).toEqual(['Question 4', 'Question 5']);
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    const second = await call(asker, 'GET', `/conversations/${id}/messages?limit=2&cursor=${cursor}`);
    expect(second.json().items.map((m: { text: string }) => m.text)).toEqual(['Question 2', 'Question 3']);
    const last = await call(asker, 'GET', `/conversations/${id}/messages?limit=2&cursor=${second.headers[NEXT_CURSOR_HEADER.toLowerCase()]}`);
    expect({ texts: last.json().items.map((m: { text: string }) => m.text), next: last.headers[NEXT_CURSOR_HEADER.toLowerCase()] }).toEqual({
      texts: ['Question 1'],
      next: undefined,
    });
    expect((await call(asker, 'GET', `/conversations/${id}/messages?cursor=abc`)).statusCode).toBe(400);
    expect((await call(asker, 'GET', `/conversations/${id}/messages?limit=101`)).statusCode).toBe(400);
  });

  it('blocks either way until unblocked, in every conversation between the two', async () => {
    const pest = await api().account('Buyer', 'Pat Pest');
    const id = (await ask(pest, 'Lowest price?')).json()._id;
    expect((await call(seller, 'POST', `/conversations/${id}/block`)).json()).toEqual({ message: 'Blocked: no more messages either way' });
    expect((await inbox(seller)).items.find((c) => c._id === id)).toMatchObject({ blocked: true });
    expect((await call(pest, 'POST', `/conversations/${id}/messages`, { text: 'Hello?' })).json()).toEqual({ message: REFUSALS.blockedYou });
    const otherCar = await api().addCar(seller, { carName: 'Honda Accord 2016' });
    expect((await ask(pest, 'And this one?', otherCar)).json()).toEqual({ message: REFUSALS.blockedYou });
    expect((await call(seller, 'POST', `/conversations/${id}/messages`, { text: 'Stop' })).json()).toEqual({ message: REFUSALS.youBlocked });
    expect((await call(stranger, 'POST', `/conversations/${id}/block`)).statusCode).toBe(404);
    expect((await call(seller, 'DELETE', `/conversations/${id}/block`)).statusCode).toBe(200);
    expect((await call(pest, 'POST', `/conversations/${id}/messages`, { text: 'Sorry' })).statusCode).toBe(201);
  });

  it('sends a report to the moderators with the messages; the admin reads it and can suspend the writer', async () => {
    const rude = await api().account('Buyer', 'Rex Rude');
    const id = (await ask(rude, 'Give it to me for free or else')).json()._id;
    const reported = await call(seller, 'POST', `/conversations/${id}/report`, { reason: 'offensive', text: 'Threats' });
    expect(reported.statusCode).toBe(201);
    expect((await call(seller, 'POST', `/conversations/${id}/report`, { reason: 'offensive' })).statusCode).toBe(409);
    expect((await call(buyer, 'GET', '/admin/conversation-reports')).statusCode).toBe(403);

    const queue = (await call(admin, 'GET', '/admin/conversation-reports')).json();
    expect(queue[0]).toMatchObject({ conversationId: id, reason: 'offensive', text: 'Threats', reporterName: 'Sam Seller' });
    expect(queue[0].messages).toEqual([expect.objectContaining({ text: 'Give it to me for free or else', from: 'buyer', name: 'Rex Rude' })]);
    const read = await call(admin, 'GET', `/conversations/${id}`);
    expect(read.json()).toMatchObject({ side: null, buyerName: 'Rex Rude', reported: false, people: { buyerId: rude.id, sellerId: seller.id } });
    expect((await call(admin, 'GET', `/conversations/${id}/messages`)).json().items).toHaveLength(1);
    expect((await call(admin, 'POST', `/conversations/${id}/messages`, { text: 'Moderator here' })).json()).toEqual({ message: REFUSALS.adminWrites });
    const sellersView = (await call(seller, 'GET', `/conversations/${id}`)).json();
    expect({ reported: sellersView.reported, people: sellersView.people }).toEqual({ reported: true, people: undefined });

    const suspended = await call(admin, 'POST', `/admin/users/${rude.id}/suspend`, { reason: 'Threatened a seller' });
    expect(suspended.json()).toEqual({ message: 'Buyer suspended' });
    expect((await call(rude, 'POST', `/conversations/${id}/messages`, { text: 'Again' })).json()).toEqual({ message: REFUSALS.suspended });
  });

  it('shows "deleted account" once the other person is deleted, without their messages, and takes no more', async () => {
    const leaving = await api().account('Buyer', 'Lee Leaving');
    const id = (await ask(leaving, 'Still for sale?')).json()._id;
    await call(seller, 'POST', `/conversations/${id}/messages`, { text: 'Yes it is.' });
    expect((await call(admin, 'DELETE', `/allUsers/${leaving.id}`)).statusCode).toBe(200);
    const view = (await inbox(seller)).items.find((c) => c._id === id);
    expect(view).toMatchObject({ buyerName: DELETED_ACCOUNT, otherAccountDeleted: true, lastMessage: expect.objectContaining({ text: 'Yes it is.' }) });
    expect((await call(seller, 'GET', `/conversations/${id}/messages`)).json().items.map((m: { text: string }) => m.text)).toEqual(['Yes it is.']);
    expect((await call(seller, 'POST', `/conversations/${id}/messages`, { text: 'Hello?' })).json()).toEqual({ message: REFUSALS.otherGone });
  });
});

describeEachDriver(
  'messages under the write limit',
  (api) => {
    it('refuses the message past the limit, saying when another can be sent', async () => {
      const seller = await api().account('Seller');
      const buyer = await api().account('Buyer');
      const carId = await api().addCar(seller);
      const sent = [];
      for (let n = 0; n < 4; n += 1)
        sent.push(await api().inject({ method: 'POST', url: '/conversations', headers: buyer.auth, payload: { carId, text: `Hi ${n}` } }));
      expect(sent.map((response) => response.statusCode)).toEqual([201, 200, 200, 429]);
      expect(sent[3]!.json().message).toMatch(/^You have sent 3 messages in the last hour; you can send another in (\d+ minutes?|1 hour)\.$/);
    });
  },
  () => ({ ...TEST_CONFIG, writeLimits: { ...TEST_CONFIG.writeLimits, messages: 3 } }),
);
