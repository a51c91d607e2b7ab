import { count, eq, isNotNull } from 'drizzle-orm';
import { CATEGORIES, type CarResponse, carInputSchema } from '@usedcars/shared-contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_DIR } from '../app';
import { bookings, cars, payments, users } from '../db/schema';
import { toCar } from '../features/cars/car-response';
import { FolderStorage } from '../features/photos/storage';
import { TestApi, createTestDatabase, describeEachDriver } from '../../test/helpers';
import { DEMO_CARS_PER_BRAND, seedDemoCatalog } from './demo-catalog';
import { DemoAccountError, ensureDemoAccounts } from './demo-users';
import { seedLargeCatalog } from './large-catalog';
import { reseedDemo, seedIfEmpty } from './seed';

describeEachDriver('demo data', (api, driver) => {
  const carsIn = async (category: string) => (await api().db.select({ n: count() }).from(cars).where(eq(cars.category, category)))[0]?.n;

  it('fills an empty database once, with valid cars whose pictures the API serves', async () => {
    expect(await seedIfEmpty(api().db, { demoSignIns: true })).toBe(true);
    expect(await seedIfEmpty(api().db, { demoSignIns: true })).toBe(false);
    for (const category of CATEGORIES) expect(await carsIn(category)).toBe(DEMO_CARS_PER_BRAND);
    const rows = await api().db.select().from(cars);
    for (const row of rows) {
      const { _id, status, photos, priceHistory, market: _market, ...fields } = toCar(row);
      expect(carInputSchema.safeParse(fields).error).toBeUndefined();
      // The price a card shows is the last one the car was offered at.
      expect(priceHistory.at(-1)?.price).toBe(row.currentPrice);
      expect(existsSync(path.join(PUBLIC_DIR, row.img))).toBe(true);
    }
    const demoSeller = await api().db.select().from(users).where(eq(users.email, 'seller@usedcars.test'));
    // A third or more are the demo seller's, so My Products has plenty; the rest are five other sellers', so the popular models have a market.
    expect(rows.filter((row) => row.sellerId === demoSeller[0]?.id).length).toBeGreaterThan(30);
    // Every listing states its facts, and the popular models' cars are rated, from great deals to overpriced ones.
    expect(rows.every((row) => row.mileage !== null && row.fuel !== null && row.gearbox !== null && row.body !== null && row.colour !== null)).toBe(true);
    const ratings = rows.flatMap((row) => (row.dealRating ? [row.dealRating] : []));
    expect(ratings.length).toBeGreaterThan(30);
    expect(new Set(ratings).size).toBeGreaterThanOrEqual(4);
    expect((await api().db.select({ role: users.role }).from(users).where(eq(users.email, 'admin@usedcars.test')))[0]?.role).toBe('admin');
    expect(await api().db.select().from(payments)).toHaveLength(1);
  });

  it('gives each demo car 3–5 photos the API serves, its cover as img; seeding again reuses the processed pictures', async () => {
    // The cache is kept between runs, as node_modules/.cache is: the pictures are processed once
    // per machine. The storage is new each time, as a fresh DATA_DIR's is.
    const storage = new FolderStorage(mkdtempSync(path.join(tmpdir(), 'usedcars-test-demo-photos-')));
    const photos = { storage, cacheDir: path.join(tmpdir(), 'usedcars-test-demo-photo-cache') };
    const seeded = await new TestApi(await createTestDatabase(driver), { photoStorage: storage }).start();
    try {
      // A small catalog: the first run on a machine processes its pictures (a dozen or so).
      const perBrand = 4;
      const first = await seedDemoCatalog(seeded.db, { demoSignIns: true, photos }, perBrand);
      expect(first.cars).toBe(perBrand * CATEGORIES.length);
      expect(first.photos).toBeGreaterThanOrEqual(3 * first.cars);
      expect(first.photos).toBeLessThanOrEqual(5 * first.cars);
      const again = await reseedDemo(seeded.db, { demoSignIns: true, photos }, perBrand);
      expect(again).toEqual({ ...first, processed: 0, reused: first.processed + first.reused });

      const list = (await seeded.inject({ method: 'GET', url: '/hondas?limit=100' })).json<CarResponse[]>();
      expect(list).toHaveLength(4);
      for (const car of list) {
        expect(car.photos.length).toBeGreaterThanOrEqual(3);
        expect(car.photos.length).toBeLessThanOrEqual(5);
        expect(car.img).toBe(car.photos[0]!.src);
        expect(car.photos[0]!.alt).toMatch(/^The (black|white|silver|blue|red|green|grey|sand) Honda .+ from the side$/);
        expect(car.photos[0]!.variants.avif.map((variant) => variant.width)).toEqual([320, 640, 1280]);
      }
      const cover = await seeded.inject({ method: 'GET', url: list[0]!.img });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/jpeg');
      // A demo booking shows the photo its car had.
      const [booked] = await seeded.db.select({ img: bookings.img }).from(bookings).limit(1);
      expect(booked?.img).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    } finally {
      await seeded.stop();
      rmSync(storage.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('re-seeds the catalog and keeps the accounts', async () => {
    const before = (await api().db.select({ n: count() }).from(users))[0]?.n;
    await reseedDemo(api().db, { demoSignIns: true });
    expect((await api().db.select({ n: count() }).from(users))[0]?.n).toBe(before);
    expect(await carsIn('honda')).toBe(DEMO_CARS_PER_BRAND);
    expect(await api().db.select().from(bookings)).toHaveLength(2);
  });

  it('makes a large catalog inside the database', async () => {
    await seedLargeCatalog(api().db, 1000);
    for (const category of CATEGORIES) expect(await carsIn(category)).toBe(1000);
    const page = await api().inject({ method: 'GET', url: '/hondas?limit=5&sort=price' });
    expect(page.json()).toHaveLength(5);
    expect(page.headers['x-total-count']).toBe('1000');
  });

  it('without the Auth emulator, seeds cars under seller records only: no admin, no buyer to claim', async () => {
    const real = await createTestDatabase(driver);
    try {
      expect(await seedIfEmpty(real.db, { demoSignIns: false })).toBe(true);
      const accounts = await real.db.select({ email: users.email, role: users.role }).from(users);
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.every((account) => account.role === 'Seller')).toBe(true);
      expect(await real.db.select().from(bookings)).toHaveLength(0);
      expect((await real.db.select({ n: count() }).from(cars))[0]?.n).toBe(DEMO_CARS_PER_BRAND * CATEGORIES.length);
      await reseedDemo(real.db, { demoSignIns: false });
      expect(await real.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(0);
    } finally {
      await real.close();
    }
  });

  it('makes no demo sign-in accounts (nor their records) when the identity is not the emulator', async () => {
    const identity = { verifyIdToken: jest.fn(), deleteUser: jest.fn(), ensureUser: jest.fn(), isEmulator: false };
    const real = await createTestDatabase(driver);
    try {
      expect(await ensureDemoAccounts(identity, real.db, 'usedcars-demo')).toBe(0);
      expect(identity.ensureUser).not.toHaveBeenCalled();
      expect(await real.db.select().from(users)).toHaveLength(0);
    } finally {
      await real.close();
    }
  });

  it("says why a demo sign-in account was not made: the emulator's silence, or its own refusal, and only the first two are worth a retry", async () => {
    const failing = (error: Error) => ({ verifyIdToken: jest.fn(), deleteUser: jest.fn(), ensureUser: jest.fn().mockRejectedValue(error), isEmulator: true });
    const failure = async (error: Error) =>
      (await ensureDemoAccounts(failing(error), api().db, 'usedcars-demo').catch((caught: unknown) => caught)) as DemoAccountError;
    const silent = await failure(Object.assign(new Error('Error while making request: connect ECONNREFUSED 127.0.0.1:9099.'), { code: 'app/network-error' }));
    expect([silent.message, silent.worthRetrying]).toEqual([
      'demo sign-in account admin@usedcars.test: the Auth emulator did not respond (Error while making request: connect ECONNREFUSED 127.0.0.1:9099.)',
      true,
    ]);
    const taken = await failure(Object.assign(new Error('The email address is already in use by another account.'), { code: 'auth/email-already-exists' }));
    expect([taken.message, taken.worthRetrying]).toEqual([
      'demo sign-in account admin@usedcars.test: the Auth emulator refused it: auth/email-already-exists (The email address is already in use by another account.)',
      true,
    ]);
    const weak = await failure(Object.assign(new Error('The password must be a string with at least 6 characters.'), { code: 'auth/invalid-password' }));
    expect([weak.message, weak.worthRetrying]).toEqual([
      'demo sign-in account admin@usedcars.test: the Auth emulator refused it: auth/invalid-password (The password must be a string with at least 6 characters.)',
      false,
    ]);
  });

  it('creates the demo sign-in accounts in the emulator and links them', async () => {
    expect(await ensureDemoAccounts(api().identity, api().db, 'usedcars-demo')).toBe(3);
    const linked = await api().db.select({ email: users.email }).from(users).where(isNotNull(users.identityUid));
    expect(linked.map((user) => user.email)).toEqual(expect.arrayContaining(['admin@usedcars.test', 'seller@usedcars.test', 'buyer@usedcars.test']));
    // The emulator's demo accounts are unverified e-mail/password accounts: their uid, stored here, is what lets them in.
    const email = 'seller@usedcars.test';
    const idToken = api().identity.signIn(email, 'Demo Seller', `uid-${email}`);
    const jwt = await api().inject({ method: 'GET', url: `/jwt?email=${email}`, headers: { authorization: `Bearer ${idToken}` } });
    expect(jwt.statusCode).toBe(200);
  });
});
