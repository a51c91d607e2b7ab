import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Car, ORDER_MESSAGES, type Role } from '@usedcars/shared-contract';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { PostgresChangeFeed } from '../src/db/change-feed';
import { type Database, openDatabase } from '../src/db/client';
import { cars, payments, users } from '../src/db/schema';
import { FakeIdentity } from '../src/features/auth/identity';
import { TestGateway } from '../src/features/payments/test-gateway';
import { DEMO_CARS_PER_BRAND } from '../src/seed/demo-catalog';
import { prepareDatabase } from '../src/seed/seed';
import { openStream } from './changeStream';
import { TEST_CONFIG, createTestDatabase, sampleCar, uniqueEmail, until } from './helpers';

/**
 * Two instances of the API on one PostgreSQL database, as behind a load balancer: each its own
 * process state, pool and listening session, called over HTTP. What a client does through one
 * copy, a client of the other sees at once. (PGlite is one process, so there is nothing to share.)
 */
const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** The write limits this file counts against; the brand-list cache is on, as shipped. */
const CONFIG: AppConfig = { ...TEST_CONFIG, writeLimits: { ...TEST_CONFIG.writeLimits, listings: 3 } };

/** The ports this suite may listen on (127.0.0.1 only). */
const PORTS = { first: 5200, last: 5299 };

async function listen(app: FastifyInstance): Promise<string> {
  for (let port = PORTS.first; port <= PORTS.last; port += 1) {
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

interface CallResponse {
  status: number;
  headers: Headers;
  /** The JSON as sent; each test reads the fields it checks, as inject's json() lets the other suites. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON, typed as loosely as inject's json()
}

class Copy {
  app!: FastifyInstance;
  feed!: PostgresChangeFeed;
  /** The offline card gateway as this instance runs it: its own object, its intents in the shared database. */
  gateway!: TestGateway;
  base = '';

  constructor(
    readonly name: string,
    readonly database: Database,
  ) {}

  async start(identity: FakeIdentity): Promise<this> {
    this.feed = new PostgresChangeFeed({ url: this.database.url!, pool: this.database.client as pg.Pool });
    await this.feed.start();
    // Its own webhook secret, as an instance without TEST_GATEWAY_WEBHOOK_SECRET has; the tests deliver the webhooks they need.
    this.gateway = new TestGateway(this.database.db, { webhookDelayMs: 3_600_000 });
    this.app = await buildApp({ db: this.database.db, identity, gateway: this.gateway, config: CONFIG, changes: this.feed });
    this.base = await listen(this.app);
    return this;
  }

  async call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<CallResponse> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  /** What the page's test card form sends: a card with a valid expiry and CVC. */
  confirmCard(clientSecret: string, number = '4242 4242 4242 4242'): Promise<CallResponse> {
    return this.call('POST', '/test-gateway/confirm', { body: { clientSecret, number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } });
  }

  /** The provider's notification that the intent succeeded, signed as this instance's gateway signs it. */
  async announce(intentId: string): Promise<CallResponse> {
    const body = await this.gateway.succeededEvent(intentId);
    const response = await fetch(`${this.base}/webhooks/payments`, { method: 'POST', headers: this.gateway.signatureHeaders(body), body });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }
}

interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

describeWithPostgres('two API instances on one PostgreSQL', () => {
  let database: Database;
  let a: Copy;
  let b: Copy;
  const identity = new FakeIdentity();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    a = await new Copy('A', database).start(identity);
    b = await new Copy('B', openDatabase({ url: database.url!, poolSize: 10 })).start(identity);
  });
  afterAll(async () => {
    // The clients' spare keep-alive connections too: an instance otherwise waits for them to time out.
    for (const copy of [a, b]) copy?.app.server.closeAllConnections();
    await a?.app.close();
    await b?.app.close();
    await b?.database.close();
    await database?.close();
  });

  /** Signs up through one instance and signs in through the other: neither keeps a session. */
  async function person(role: Role, name = `${role} Person`): Promise<Person> {
    const email = uniqueEmail(role.toLowerCase());
    const idToken = identity.signIn(email, name);
    if (role === 'admin') await database.db.insert(users).values({ name, email, role, identityUid: `uid-${email}` });
    else expect((await a.call('POST', '/users', { token: idToken, body: { name, email, role } })).status).toBe(201);
    const jwt = await b.call('GET', `/jwt?email=${encodeURIComponent(email)}`, { token: idToken });
    expect(jwt.status).toBe(200);
    const token = jwt.body.accessToken as string;
    const [me] = (await a.call('GET', `/users?email=${encodeURIComponent(email)}`, { token })).body;
    return { id: me._id, email, name, token };
  }

  const list = async (copy: Copy, seller: Person, carName: string) => {
    const response = await copy.call('POST', '/hondas', { token: seller.token, body: sampleCar({ categoryName: 'honda', carName }) });
    expect(response.status).toBe(201);
    return response.body.insertedId as string;
  };
  const brandList = async (copy: Copy) => (await copy.call('GET', '/hondas?limit=100')).body as Car[];
  const book = (copy: Copy, buyer: Person, carId: string) =>
    copy.call('POST', '/bookings', { token: buyer.token, body: { carId, phone: '+1 415 555 0199', address: '1 Market St' } });

  /** Books and starts the intent through one instance. */
  async function startPaying(copy: Copy, buyer: Person, carId: string) {
    const booked = await book(copy, buyer, carId);
    expect(booked.status).toBe(201);
    const bookingId = booked.body.insertedId as string;
    const intent = await copy.call('POST', '/create-payment-intent', { token: buyer.token, body: { bookingId } });
    expect(intent.status).toBe(200);
    return { bookingId, clientSecret: intent.body.clientSecret as string };
  }

  /** Books, starts the intent and has the card confirmed at the offline gateway, all through one instance. */
  async function bookAndConfirm(copy: Copy, buyer: Person, carId: string) {
    const { bookingId, clientSecret } = await startPaying(copy, buyer, carId);
    const confirmed = await copy.confirmCard(clientSecret);
    expect(confirmed.status).toBe(200);
    return { bookingId, transactionId: confirmed.body.id as string };
  }
  const pay = (copy: Copy, buyer: Person, order: { bookingId: string; transactionId: string }) =>
    copy.call('POST', '/payments', { token: buyer.token, body: { ...order, email: buyer.email } });

  it('shows a car listed through one copy on the brand list of the other at once, though that list was cached', async () => {
    const cached = await brandList(b);
    // Asked again within the page cache's lifetime: this response is B's memory, not the database.
    expect(await brandList(b)).toEqual(cached);
    for (const [writer, reader] of [
      [a, b],
      [b, a],
      [a, b],
      [b, a],
      [a, b],
    ] as const) {
      const seller = await person('Seller');
      await brandList(reader);
      const id = await list(writer, seller, `Listed through ${writer.name}`);
      expect({ reader: reader.name, listed: (await brandList(reader)).some((car) => car._id === id) }).toEqual({ reader: reader.name, listed: true });
    }
  });

  it('never shows a car sold through one instance as bookable through the other, and never sells it again', async () => {
    const seller = await person('Seller');
    const [first, second, late] = [await person('Buyer'), await person('Buyer'), await person('Buyer')];
    const carId = await list(a, seller, 'One of a kind');
    const firstOrder = await bookAndConfirm(a, first, carId);
    // The second buyer booked and paid at the card provider too, through the other instance.
    const secondOrder = await bookAndConfirm(b, second, carId);
    expect((await brandList(b)).find((car) => car._id === carId)?.status).toBe('booked');

    expect((await pay(a, first, firstOrder)).status).toBe(201);

    const seenThroughB = (await brandList(b)).find((car) => car._id === carId);
    expect(seenThroughB?.status).toBe('sold');
    expect((await b.call('GET', `/hondas/${carId}`)).body.status).toBe('sold');
    const lateBooking = await book(b, late, carId);
    expect({ status: lateBooking.status, body: lateBooking.body }).toEqual({ status: 409, body: { acknowledged: false, message: ORDER_MESSAGES.sold } });
    const secondPayment = await pay(b, second, secondOrder);
    expect({ status: secondPayment.status, body: secondPayment.body }).toEqual({ status: 409, body: { message: ORDER_MESSAGES.soldRefunded } });
    expect(await a.gateway.isRefunded(secondOrder.transactionId)).toBe(true);
    expect((await b.call('POST', '/create-payment-intent', { token: second.token, body: { bookingId: secondOrder.bookingId } })).status).toBe(409);
    const mine = await a.call('GET', `/bookings/${secondOrder.bookingId}`, { token: second.token });
    expect(mine.body).toMatchObject({ paid: false, carStatus: 'sold' });
  });

  it('sells a car once when two buyers pay for it at the same moment through different copies', async () => {
    const seller = await person('Seller');
    const [first, second] = [await person('Buyer'), await person('Buyer')];
    const carId = await list(b, seller, 'Contested');
    const orders = [await bookAndConfirm(a, first, carId), await bookAndConfirm(b, second, carId)];
    const responses = await Promise.all([pay(a, first, orders[0]!), pay(b, second, orders[1]!)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const buyers = (await a.call('GET', '/myBuyers', { token: seller.token })).body as { carId: string; paid: boolean }[];
    expect(
      buyers
        .filter((booking) => booking.carId === carId)
        .map((booking) => booking.paid)
        .sort(),
    ).toEqual([false, true]);
    const refunded = await Promise.all(orders.map((order) => b.gateway.isRefunded(order.transactionId)));
    expect(refunded.sort()).toEqual([false, true]);
  });

  it('lets a buyer start paying through one instance and confirm and pay through the other with the offline gateway', async () => {
    const seller = await person('Seller');
    const buyer = await person('Buyer');
    const carId = await list(a, seller, 'Paid across copies');
    const { bookingId, clientSecret } = await startPaying(a, buyer, carId);
    // The payment page reloaded through the other instance: the same intent, not a second one.
    const resumed = await b.call('POST', '/create-payment-intent', { token: buyer.token, body: { bookingId } });
    expect({ status: resumed.status, sameIntent: resumed.body.clientSecret === clientSecret }).toEqual({ status: 200, sameIntent: true });

    const declined = await b.confirmCard(clientSecret, '4000 0000 0000 0002');
    expect({ status: declined.status, body: declined.body }).toEqual({ status: 402, body: { message: 'Your card was declined.' } });
    const confirmed = await b.confirmCard(clientSecret);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ id: expect.stringMatching(/^pi_test_/), status: 'succeeded' });
    const paid = await pay(a, buyer, { bookingId, transactionId: confirmed.body.id });
    expect(paid.status).toBe(201);

    expect((await b.call('GET', `/bookings/${bookingId}`, { token: buyer.token })).body).toMatchObject({ paid: true, carStatus: 'sold' });
    expect((await a.call('POST', '/create-payment-intent', { token: buyer.token, body: { bookingId } })).status).toBe(409);
    expect(await b.gateway.isRefunded(confirmed.body.id)).toBe(false);
  });

  it('records one payment when one intent is confirmed through both instances at the same moment, then paid and announced through both', async () => {
    const seller = await person('Seller');
    const buyer = await person('Buyer');
    const carId = await list(b, seller, 'Confirmed twice');
    const { bookingId, clientSecret } = await startPaying(a, buyer, carId);

    const confirmations = await Promise.all([a.confirmCard(clientSecret), b.confirmCard(clientSecret)]);
    expect(confirmations.map((response) => response.status)).toEqual([200, 200]);
    const transactionId = confirmations[0]!.body.id as string;
    expect(confirmations[1]!.body.id).toBe(transactionId);

    // The page's POST /payments and the provider's webhook, each through both instances at once.
    const order = { bookingId, transactionId };
    const [payA, payB, hookA, hookB] = await Promise.all([pay(a, buyer, order), pay(b, buyer, order), a.announce(transactionId), b.announce(transactionId)]);
    expect([payA.status, payB.status, hookA.status, hookB.status].every((status) => status === 200 || status === 201)).toBe(true);
    const created = [payA.status === 201, payB.status === 201, hookA.body.result === 'recorded', hookB.body.result === 'recorded'];
    expect(created.filter(Boolean)).toHaveLength(1);
    expect([hookA.body.result, hookB.body.result].every((result) => result === 'recorded' || result === 'already recorded')).toBe(true);
    expect(payA.body.insertedId).toBe(payB.body.insertedId);

    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(rows.map((row) => ({ id: row.id, transactionId: row.transactionId }))).toEqual([{ id: payA.body.insertedId, transactionId }]);
    expect((await a.call('GET', `/hondas/${carId}`)).body.status).toBe('sold');
    expect(await a.gateway.isRefunded(transactionId)).toBe(false);
  });

  it('counts the write limits across copies: a seller at the limit is refused by both', async () => {
    const seller = await person('Seller');
    await list(a, seller, 'First');
    await list(b, seller, 'Second');
    await list(a, seller, 'Third');
    for (const copy of [a, b]) {
      const refused = await copy.call('POST', '/hondas', { token: seller.token, body: sampleCar({ categoryName: 'honda' }) });
      expect({ copy: copy.name, status: refused.status, retryAfter: Number(refused.headers.get('retry-after')) > 0, body: refused.body }).toEqual({
        copy: copy.name,
        status: 429,
        retryAfter: true,
        body: { message: expect.stringMatching(/^You have listed 3 cars in the last hour; you can list another in (\d+ minutes?|1 hour)\.$/) },
      });
    }
    // Sent at the same moment, half to each instance: the limit still lets three through.
    const rushing = await person('Seller', 'Rush Seller');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).call('POST', '/hondas', { token: rushing.token, body: sampleCar({ categoryName: 'honda' }) })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  it("delivers a message sent through one instance on the other instance's stream, and resumes there after the last event seen on the first", async () => {
    const seller = await person('Seller');
    const buyer = await person('Buyer');
    const carId = await list(a, seller, 'Asked about across copies');
    // B hears A through the change feed: while it listens, it does not look for messages by itself.
    expect(b.feed.listening).toBe(true);
    const sellers = await openStream(`${b.base}/conversations/stream`, { authorization: `Bearer ${seller.token}` });
    const buyers = await openStream(`${a.base}/conversations/stream`, { authorization: `Bearer ${buyer.token}` });
    try {
      await sellers.heard('unread');
      const asked = await a.call('POST', '/conversations', { token: buyer.token, body: { carId, text: 'Asked through A' } });
      expect(asked.status).toBe(201);
      expect((await sellers.arrived((event) => event.name === 'message')).data).toEqual(asked.body.message);
      const reply = await b.call('POST', `/conversations/${asked.body._id}/messages`, { token: seller.token, body: { text: 'Replied through B' } });
      expect((await buyers.arrived((event) => event.name === 'message' && event.id === String(reply.body.seq))).data).toEqual(reply.body);

      await a.call('POST', `/conversations/${asked.body._id}/messages`, { token: buyer.token, body: { text: 'Missed on B' } });
      const resumed = await openStream(`${a.base}/conversations/stream`, {
        authorization: `Bearer ${seller.token}`,
        'last-event-id': String(reply.body.seq),
      });
      try {
        const missed = await resumed.arrived((event) => event.name === 'message');
        expect(missed.data).toMatchObject({ text: 'Missed on B', from: 'buyer' });
      } finally {
        resumed.close();
      }
    } finally {
      sellers.close();
      buyers.close();
    }
  });

  it('serves no stale list while an instance has lost its listening session, and hears the others again once it is back', async () => {
    const seller = await person('Seller');
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    try {
      await brandList(b);
      // The listening session of copy B is cut, as a database failover or a network blip would.
      await admin.query('SELECT pg_terminate_backend($1)', [b.feed.sessionPid]);
      await until(
        () => b.feed.listening,
        (listening) => !listening,
        "copy B's listening session to be seen cut",
      );
      const whileDeaf = await list(a, seller, 'Listed while B was deaf');
      expect((await brandList(b)).some((car) => car._id === whileDeaf)).toBe(true);

      await until(
        () => b.feed.listening,
        (listening) => listening,
        'copy B to listen again',
      );
      await brandList(b);
      const afterwards = await list(a, seller, 'Listed once B was back');
      expect((await brandList(b)).some((car) => car._id === afterwards)).toBe(true);
    } finally {
      await admin.end();
    }
  });
});

describeWithPostgres('two API instances started together on a new database', () => {
  it('both come up: one applies the migrations and seeds, the other waits and finds it done', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `usedcars_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const copies = [openDatabase({ url: url.toString() }), openDatabase({ url: url.toString() })];
    try {
      const seeded = await Promise.all(copies.map((copy) => prepareDatabase(copy, { demoSignIns: false })));
      expect(seeded.sort()).toEqual([false, true]);
      const [listed] = await copies[0]!.db.select({ n: count() }).from(cars);
      expect(listed?.n).toBe(3 * DEMO_CARS_PER_BRAND);
    } finally {
      await Promise.all(copies.map((copy) => copy.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
