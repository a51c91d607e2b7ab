import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Car } from '@usedcars/shared-contract';
import { buildApp } from '../../app';
import { type AppConfig, defaultConfig, writeLimitsFromEnv } from '../../config';
import { ConfigError } from '../../envValues';
import type { Database } from '../../db/client';
import { DRIVERS, TEST_CONFIG, TestApi, createTestDatabase, sampleCar, uniqueEmail } from '../../../test/helpers';
import { addressSubject } from './write-limits';

const MINUTE = 60_000;

/** A clock the test moves: the window passes without waiting for it. */
function testClock(start = Date.parse('2031-03-04T09:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), pass: (ms: number) => void (now += ms) };
}

const withLimits = (writeLimits: Partial<AppConfig['writeLimits']>): AppConfig => ({
  ...TEST_CONFIG,
  writeLimits: { ...TEST_CONFIG.writeLimits, ...writeLimits },
});

function expectRefusal(response: LightMyRequestResponse, message: string, retryAfterSeconds: number): void {
  expect({ status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() }).toEqual({
    status: 429,
    retryAfter: String(retryAfterSeconds),
    body: { message },
  });
}

describe.each(DRIVERS)('write limits (%s)', (driver) => {
  let database: Database;
  let api: TestApi;
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    api = await new TestApi(database, { config: withLimits({ listings: 3, bookings: 2, paymentIntents: 1 }), clock: clock.now }).start();
  });
  afterAll(() => api.stop());

  const list = (seller: { auth: Record<string, string> }, carName = 'Limited car') =>
    api.inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: sampleCar({ carName }) });
  const carsOf = async (sellerName: string) => (await api.inject({ method: 'GET', url: `/myAudi?sellerName=${encodeURIComponent(sellerName)}` })).json<Car[]>();

  it("refuses a seller's fourth listing in the hour with 429 and Retry-After, leaves other sellers alone, and lets it through once the hour has passed", async () => {
    const seller = await api.account('Seller', 'Lena Lister');
    const other = await api.account('Seller', 'Otto Other');
    for (const minute of [0, 1, 2]) {
      expect((await list(seller, `Car ${minute}`)).statusCode).toBe(201);
      clock.pass(MINUTE);
    }
    clock.pass(7 * MINUTE);
    // The first listing leaves the hour in 50 minutes.
    expectRefusal(await list(seller), 'You have listed 3 cars in the last hour; you can list another in 50 minutes.', 50 * 60);
    expect(await carsOf('Lena Lister')).toHaveLength(3);
    expect((await list(other)).statusCode).toBe(201);

    clock.pass(49 * MINUTE + 30_000);
    expectRefusal(await list(seller), 'You have listed 3 cars in the last hour; you can list another in 30 seconds.', 30);
    clock.pass(30_000);
    expect((await list(seller, 'Car after the hour')).statusCode).toBe(201);
    expect((await carsOf('Lena Lister')).map((car) => car.carName)).toContain('Car after the hour');
    // The second listing leaves the hour a minute after the first.
    expectRefusal(await list(seller), 'You have listed 3 cars in the last hour; you can list another in 1 minute.', 60);
  });

  it('counts only accepted writes: a refused listing or booking takes no slot', async () => {
    const seller = await api.account('Seller');
    const wrongCategory = await api.inject({ method: 'POST', url: '/hondas', headers: seller.auth, payload: sampleCar() });
    expect(wrongCategory.statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await list(seller)).statusCode).toBe(201);

    const buyer = await api.account('Buyer');
    const carId = (await list(await api.account('Seller'))).json<{ insertedId: string }>().insertedId;
    expect((await api.book(buyer, carId)).statusCode).toBe(201);
    // Booking the same car again is refused (409): that refusal leaves the second booking free.
    expect((await api.book(buyer, carId)).statusCode).toBe(409);
    const another = (await list(await api.account('Seller'))).json<{ insertedId: string }>().insertedId;
    expect((await api.book(buyer, another)).statusCode).toBe(201);
  });

  it("refuses a buyer's third booking, and counts each buyer on their own", async () => {
    const seller = await api.account('Seller');
    const carIds: string[] = [];
    for (let i = 0; i < 3; i += 1) carIds.push((await list(seller)).json<{ insertedId: string }>().insertedId);
    const buyer = await api.account('Buyer');
    const other = await api.account('Buyer');
    expect((await api.book(buyer, carIds[0]!)).statusCode).toBe(201);
    clock.pass(20 * MINUTE);
    expect((await api.book(buyer, carIds[1]!)).statusCode).toBe(201);
    const refused = await api.book(buyer, carIds[2]!);
    expectRefusal(refused, 'You have booked 2 cars in the last hour; you can book another in 40 minutes.', 40 * 60);
    const orders = await api.inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(buyer.email)}`, headers: buyer.auth });
    expect(orders.json<unknown[]>()).toHaveLength(2);
    expect((await api.book(other, carIds[2]!)).statusCode).toBe(201);
  });

  it("refuses a buyer's second new payment intent in the hour, while resuming the first stays free", async () => {
    const seller = await api.account('Seller');
    const buyer = await api.account('Buyer');
    const bookingIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const carId = (await list(seller)).json<{ insertedId: string }>().insertedId;
      bookingIds.push((await api.book(buyer, carId)).json<{ insertedId: string }>().insertedId);
    }
    const start = (bookingId: string) => api.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    const first = await start(bookingIds[0]!);
    expect(first.statusCode).toBe(200);
    const resumed = await start(bookingIds[0]!);
    expect(resumed.json()).toEqual(first.json());
    expectRefusal(await start(bookingIds[1]!), 'You have started 1 card payment in the last hour; you can start another in 1 hour.', 3600);
    clock.pass(60 * MINUTE);
    expect((await start(bookingIds[1]!)).statusCode).toBe(200);
  });

  it('lets only as many concurrent listings through as the limit has room for', async () => {
    const seller = await api.account('Seller', 'Rush Seller');
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => list(seller, `Rush ${i}`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await carsOf('Rush Seller')).toHaveLength(3);
  });

  describe('registrations, per client address', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ db: database.db, identity: api.identity, gateway: api.gateway, config: withLimits({ registrations: 2 }), clock: clock.now });
    });
    afterAll(() => app.close());

    const register = (remoteAddress: string, email = uniqueEmail('newcomer')) =>
      app.inject({
        method: 'POST',
        url: '/users',
        remoteAddress,
        headers: { authorization: `Bearer ${api.identity.signIn(email)}` },
        payload: { name: 'New Comer', email, role: 'Buyer' },
      });

    it('refuses the third new account from one address, but never someone who already has one', async () => {
      const firstEmail = uniqueEmail('first');
      expect((await register('203.0.113.7', firstEmail)).statusCode).toBe(201);
      clock.pass(5 * MINUTE);
      expect((await register('203.0.113.7')).statusCode).toBe(201);
      expectRefusal(
        await register('203.0.113.7'),
        '2 accounts have been registered from your network in the last hour; you can register another in 55 minutes.',
        55 * 60,
      );
      // A Google sign-in calls POST /users every time: an existing record is served as before.
      const again = await register('203.0.113.7', firstEmail);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ acknowledged: true, message: 'User already exists' });
      expect((await register('198.51.100.20')).statusCode).toBe(201);
    });

    it('counts an IPv6 /64 as one network', async () => {
      expect((await register('2001:db8:aa:bb::1')).statusCode).toBe(201);
      expect((await register('2001:db8:aa:bb:ffff:1:2:3')).statusCode).toBe(201);
      expect((await register('2001:db8:aa:bb::9')).statusCode).toBe(429);
      expect((await register('2001:db8:aa:cc::1')).statusCode).toBe(201);
    });

    it('behind a trusted load balancer, counts the address it forwards, not its own', async () => {
      const behind = await buildApp({
        db: database.db,
        identity: api.identity,
        gateway: api.gateway,
        config: { ...withLimits({ registrations: 1 }), trustProxy: ['10.1.0.0/16'] },
        clock: clock.now,
      });
      try {
        const via = (balancer: string, client: string) => {
          const email = uniqueEmail('forwarded');
          return behind.inject({
            method: 'POST',
            url: '/users',
            remoteAddress: balancer,
            headers: { authorization: `Bearer ${api.identity.signIn(email)}`, 'x-forwarded-for': client },
            payload: { name: 'Far Away', email, role: 'Seller' },
          });
        };
        expect((await via('10.1.2.3', '192.0.2.10')).statusCode).toBe(201);
        expect((await via('10.1.2.4', '192.0.2.11')).statusCode).toBe(201);
        expect((await via('10.1.2.4', '192.0.2.10')).statusCode).toBe(429);
        // Anyone else may write the header too: from an untrusted hop it names nobody.
        expect((await via('192.0.2.99', '192.0.2.12')).statusCode).toBe(201);
        expect((await via('192.0.2.99', '192.0.2.13')).statusCode).toBe(429);
      } finally {
        await behind.close();
      }
    });
  });

  it('reads its limits from the settings: WRITE_LIMIT_LISTINGS=1 refuses the second listing', async () => {
    const app = await buildApp({
      db: database.db,
      identity: api.identity,
      gateway: api.gateway,
      config: { ...TEST_CONFIG, writeLimits: writeLimitsFromEnv({ WRITE_LIMIT_LISTINGS: '1', WRITE_LIMIT_WINDOW_MINUTES: '15' }) },
      clock: clock.now,
    });
    try {
      const seller = await api.account('Seller');
      const add = () => app.inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: sampleCar() });
      expect((await add()).statusCode).toBe(201);
      expectRefusal(await add(), 'You have listed 1 car in the last 15 minutes; you can list another in 15 minutes.', 15 * 60);
      clock.pass(15 * MINUTE);
      expect((await add()).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('turns a limit off with 0', async () => {
    const app = await buildApp({ db: database.db, identity: api.identity, gateway: api.gateway, config: withLimits({ listings: 0 }), clock: clock.now });
    try {
      const seller = await api.account('Seller');
      for (let i = 0; i < 5; i += 1) {
        expect((await app.inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: sampleCar() })).statusCode).toBe(201);
      }
    } finally {
      await app.close();
    }
  });
});

describe('write limit settings', () => {
  it('defaults to 30 listings, 20 bookings, 30 payment intents, 10 registrations, 120 photos, 60 edits, 20 saved searches, 200 saved cars, 10 reports and 120 messages an hour', () => {
    expect(writeLimitsFromEnv({})).toEqual({
      listings: 30,
      bookings: 20,
      paymentIntents: 30,
      registrations: 10,
      photos: 120,
      edits: 60,
      savedSearches: 20,
      favourites: 200,
      reports: 10,
      messages: 120,
      windowMinutes: 60,
    });
    expect(defaultConfig.writeLimits).toEqual(writeLimitsFromEnv({}));
  });

  it('takes each from its variable and refuses what is not a whole number', () => {
    expect(
      writeLimitsFromEnv({
        WRITE_LIMIT_LISTINGS: '100',
        WRITE_LIMIT_BOOKINGS: '5',
        WRITE_LIMIT_PAYMENT_INTENTS: '0',
        WRITE_LIMIT_REGISTRATIONS: '3',
        WRITE_LIMIT_PHOTOS: '24',
        WRITE_LIMIT_EDITS: '6',
        WRITE_LIMIT_SAVED_SEARCHES: '7',
        WRITE_LIMIT_FAVOURITES: '8',
        WRITE_LIMIT_REPORTS: '9',
        WRITE_LIMIT_MESSAGES: '11',
        WRITE_LIMIT_WINDOW_MINUTES: '1440',
      }),
    ).toEqual({
      listings: 100,
      bookings: 5,
      paymentIntents: 0,
      registrations: 3,
      photos: 24,
      edits: 6,
      savedSearches: 7,
      favourites: 8,
      reports: 9,
      messages: 11,
      windowMinutes: 1440,
    });
    expect(() => writeLimitsFromEnv({ WRITE_LIMIT_BOOKINGS: '2.5' })).toThrow(ConfigError);
    expect(() => writeLimitsFromEnv({ WRITE_LIMIT_WINDOW_MINUTES: '0' })).toThrow(/WRITE_LIMIT_WINDOW_MINUTES/);
  });
});

describe('the subject of a client address', () => {
  it('is the address for IPv4 (also when mapped into IPv6), and the /64 for IPv6', () => {
    expect(addressSubject('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressSubject('2001:db8:aa:bb::1')).toBe('ip:2001:db8:aa:bb::/64');
    expect(addressSubject('2001:0db8:00aa:00bb:ffff:1:2:3')).toBe('ip:2001:db8:aa:bb::/64');
    expect(addressSubject('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('ip:0:0:0:0::/64');
  });
});
