import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CarInput, Role } from '@usedcars/shared-contract';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { FakeIdentity } from '../src/features/auth/identity';
import { TestGateway } from '../src/features/payments/test-gateway';
import { FolderStorage, type PhotoStorage, storageFromSettings } from '../src/features/photos/storage';
import { DRIVERS, type Driver, createTestDatabase } from './databases';
import { COLLECTION, sampleCar, uniqueEmail } from './samples';
import { TEST_CONFIG } from './test-config';

export interface Account {
  id: string;
  email: string;
  name: string;
  role: Role;
  uid: string;
  idToken: string;
  accessToken: string;
  auth: { authorization: string };
}

/** The API on a fresh database, with helpers that act as people would. */
export class TestApi {
  readonly identity = new FakeIdentity();
  readonly gateway: TestGateway;
  app!: FastifyInstance;
  /** The folder this app's photos are stored in, removed when it stops (unless options.photoStorage or an S3 config names another storage). */
  readonly photoDir = mkdtempSync(path.join(tmpdir(), 'usedcars-photos-'));
  readonly photoStorage: PhotoStorage;
  /** The folder this app's release files are stored in, removed when it stops. */
  readonly releaseDir = mkdtempSync(path.join(tmpdir(), 'usedcars-releases-'));

  constructor(
    readonly database: Database,
    private readonly options: { config?: AppConfig; clock?: () => Date; photoStorage?: PhotoStorage } = {},
  ) {
    this.gateway = new TestGateway(database.db);
    const storage = options.config?.photos.storage;
    this.photoStorage = options.photoStorage ?? (storage?.kind === 's3' ? storageFromSettings(storage) : new FolderStorage(this.photoDir));
  }

  get db() {
    return this.database.db;
  }

  async start(): Promise<this> {
    const config = this.options.config ?? TEST_CONFIG;
    this.app = await buildApp({
      db: this.database.db,
      identity: this.identity,
      gateway: this.gateway,
      // A folder of its own, unless the test stores releases in an object store.
      config:
        config.releases.storage.kind === 'folder' ? { ...config, releases: { ...config.releases, storage: { kind: 'folder', dir: this.releaseDir } } } : config,
      clock: this.options.clock,
      photoStorage: this.photoStorage,
    });
    await this.app.ready();
    return this;
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.database.close();
    rmSync(this.photoDir, { recursive: true, force: true });
    rmSync(this.releaseDir, { recursive: true, force: true });
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** Register through POST /users (or insert an admin, which nobody can self-register) and sign in. */
  async account(role: Role, name = `${role} Person`): Promise<Account> {
    const email = uniqueEmail(role.toLowerCase());
    const uid = `uid-${email}`;
    const idToken = this.identity.signIn(email, name, uid);
    if (role === 'admin') {
      await this.db.insert(users).values({ name, email, role, identityUid: uid });
    } else {
      const created = await this.inject({ method: 'POST', url: '/users', headers: { authorization: `Bearer ${idToken}` }, payload: { name, email, role } });
      expect(created.statusCode).toBe(201);
    }
    const jwt = await this.inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${idToken}` } });
    expect(jwt.statusCode).toBe(200);
    const accessToken = jwt.json<{ accessToken: string }>().accessToken;
    const [user] = (
      await this.inject({ method: 'GET', url: `/users?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${accessToken}` } })
    ).json<{ _id: string }[]>();
    return { id: user!._id, email, name, role, uid, idToken, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
  }

  /** The sign-in account tied to the record with this e-mail: null while none is, undefined without a record. */
  async uidOf(email: string): Promise<string | null | undefined> {
    const [row] = await this.db.select({ uid: users.identityUid }).from(users).where(eq(users.email, email)).limit(1);
    return row?.uid;
  }

  async addCar(seller: Account, overrides: Partial<CarInput> = {}): Promise<string> {
    const car = sampleCar(overrides);
    const response = await this.inject({ method: 'POST', url: COLLECTION[car.categoryName], headers: seller.auth, payload: car });
    expect(response.statusCode).toBe(201);
    return response.json<{ insertedId: string }>().insertedId;
  }

  async book(buyer: Account, carId: string): Promise<LightMyRequestResponse> {
    return this.inject({ method: 'POST', url: '/bookings', headers: buyer.auth, payload: { carId, phone: '+1 415 555 0199', address: '1 Market St' } });
  }

  /** Books, starts the intent and pays it with a test card, as the payment page would. */
  async bookAndConfirm(buyer: Account, carId: string, card = '4242 4242 4242 4242'): Promise<{ bookingId: string; transactionId: string }> {
    const booked = await this.book(buyer, carId);
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ insertedId: string }>().insertedId;
    const intent = await this.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    expect(intent.statusCode).toBe(200);
    const confirmed = await this.gateway.confirm(intent.json<{ clientSecret: string }>().clientSecret, card);
    return { bookingId, transactionId: confirmed.id };
  }

  /** Books, pays and records the payment: the buyer has bought the car. */
  async buy(buyer: Account, carId: string): Promise<{ bookingId: string; transactionId: string }> {
    const bought = await this.bookAndConfirm(buyer, carId);
    const recorded = await this.inject({ method: 'POST', url: '/payments', headers: buyer.auth, payload: { ...bought, email: buyer.email } });
    expect(recorded.statusCode).toBe(201);
    return bought;
  }
}

/** Runs a suite once per driver, each on a fresh database; told its driver, a test that needs a database of its own makes it alike. */
export function describeEachDriver(title: string, suite: (api: () => TestApi, driver: Driver) => void, config?: () => AppConfig): void {
  describe.each(DRIVERS)(`${title} (%s)`, (driver) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await new TestApi(await createTestDatabase(driver), { config: config?.() }).start();
    });
    afterAll(() => api?.stop());
    suite(() => api, driver);
  });
}

/** describeEachDriver with settings read as each app starts (after the file's own beforeAll), for those naming a server the file started. */
export const describeEachDriverWith =
  (config: () => AppConfig) =>
  (title: string, suite: (api: () => TestApi, driver: Driver) => void): void =>
    describeEachDriver(title, suite, config);
