import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { CarInput, Category, Role } from '@usedcars/shared-contract';
import { buildApp } from '../src/app';
import { type AppConfig, defaultConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { FakeIdentity } from '../src/features/auth/identity';
import { TestGateway } from '../src/features/payments/gateway';
import { FolderStorage, type PhotoStorage } from '../src/features/photos/storage';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; a real PostgreSQL too when TEST_DATABASE_URL names one. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const migrationsDir = path.resolve(__dirname, '../drizzle');

/**
 * A migrated PGlite data directory saved once per version of the migrations: starting from it
 * takes well under a second, where initdb plus migrations take several.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha1');
  for (const file of readdirSync(migrationsDir).sort()) if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsDir, file)));
  // The journal too: the migrator goes by its timestamps, so the same SQL under a newer timestamp
  // (a migration generated again) would be applied a second time over an older template.
  hash.update(readFileSync(path.join(migrationsDir, 'meta/_journal.json')));
  const file = path.join(tmpdir(), `usedcars-pglite-${hash.digest('hex').slice(0, 12)}.tar`);
  if (!existsSync(file)) {
    const database = openDatabase({});
    await database.migrate();
    const dump = await (database.client as PGlite).dumpDataDir('none');
    await database.close();
    // Written aside then renamed, so parallel workers never read half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A new, empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `usedcars_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') {
    const database = openDatabase({ pgliteTemplate: await pgliteTemplate() });
    await database.migrate();
    return database;
  }
  const server = await newPostgresDatabase();
  const database = openDatabase({ url: server.url, poolSize: 25 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}

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

let sequence = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${++sequence}-${randomBytes(3).toString('hex')}@example.test`;

export const sampleCar = (overrides: Partial<CarInput> = {}): CarInput => ({
  carName: 'Audi A4 2.0 TFSI Premium',
  img: '/images/cars/sedan-blue.svg',
  currentPrice: 21500,
  price: 39900,
  purchaseYear: '2019',
  condition: 'Excellent',
  contact: '+1 415 555 0101',
  details: 'One owner, full service history.',
  location: 'San Francisco, CA',
  used: '4 years',
  sellerName: 'Someone Else',
  time: '2024-05-01',
  categoryName: 'audi',
  ...overrides,
});

export const COLLECTION: Record<Category, string> = { audi: '/audis', honda: '/hondas', mercedes: '/mercedess' };

/** What every test app runs with; an app built with it accepts the access tokens of any other. */
export const TEST_CONFIG: AppConfig = {
  ...defaultConfig,
  jwtSecret: 'test-secret-at-least-32-characters-long',
  logLevel: false,
  authRateLimitPerMinute: 10_000,
  // Counted as in production, but out of reach of the suites' many accounts from one address.
  writeLimits: {
    listings: 10_000,
    bookings: 10_000,
    paymentIntents: 10_000,
    registrations: 10_000,
    photos: 10_000,
    edits: 10_000,
    savedSearches: 10_000,
    favourites: 10_000,
    reports: 10_000,
    windowMinutes: 60,
  },
  // TestApi gives each app a folder of its own; this one is for apps built directly, which upload nothing.
  photos: { storage: { kind: 'folder', dir: path.join(tmpdir(), 'usedcars-test-photos') }, concurrency: 1 },
};

export interface HeldQuery {
  /** Resolves once the held query has run; its rows are not handed over yet. */
  reached: Promise<void>;
  /** Hands the rows over. */
  release(): void;
}

/**
 * The same database, through a proxy that can hold one query's rows after the query has run and
 * before its caller gets them: a read that started before a write then finishes after it, on
 * either driver, every time. `queries` counts the queries run through it.
 */
export function holdableDb(db: Db): { db: Db; hold(skip?: number): HeldQuery; readonly queries: number } {
  let queries = 0;
  let pending: { skip: number; reached: () => void; gate: Promise<void> } | null = null;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function' || property === 'constructor') return value;
        if (property === 'then') {
          // Awaiting a query builder runs it (drizzle's QueryPromise); called bare, then() answers its rows.
          return (onFulfilled?: (rows: unknown) => unknown, onRejected?: (error: unknown) => unknown) => {
            queries += 1;
            const rows = (value as () => Promise<unknown>).call(object);
            let held: Promise<unknown> = rows;
            if (pending && pending.skip-- === 0) {
              const { reached, gate } = pending;
              pending = null;
              held = rows.then(async (result) => {
                reached();
                await gate;
                return result;
              });
            }
            return held.then(onFulfilled, onRejected);
          };
        }
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          return result !== null && typeof result === 'object' ? wrap(result) : result;
        };
      },
    });
  return {
    db: wrap(db),
    get queries() {
      return queries;
    },
    hold(skip = 0) {
      let reached!: () => void;
      let release!: () => void;
      const held = { reached: new Promise<void>((resolve) => (reached = resolve)), gate: new Promise<void>((resolve) => (release = resolve)) };
      pending = { skip, reached, gate: held.gate };
      return { reached: held.reached, release };
    },
  };
}

/** The API on a fresh database, with helpers that act as people would. */
export class TestApi {
  readonly identity = new FakeIdentity();
  readonly gateway = new TestGateway();
  app!: FastifyInstance;
  /** The folder this app's photos are stored in, removed when it stops (unless options.photoStorage names another storage). */
  readonly photoDir = mkdtempSync(path.join(tmpdir(), 'usedcars-photos-'));
  readonly photoStorage: PhotoStorage;

  constructor(
    readonly database: Database,
    private readonly options: { config?: AppConfig; clock?: () => Date; photoStorage?: PhotoStorage } = {},
  ) {
    this.photoStorage = options.photoStorage ?? new FolderStorage(this.photoDir);
  }

  get db() {
    return this.database.db;
  }

  async start(): Promise<this> {
    this.app = await buildApp({
      db: this.database.db,
      identity: this.identity,
      gateway: this.gateway,
      config: this.options.config ?? TEST_CONFIG,
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

/**
 * Runs a suite once per available driver, each on its own fresh database. The suite is told its
 * driver, so a test that needs a database of its own makes it with the same one.
 */
export function describeEachDriver(title: string, suite: (api: () => TestApi, driver: Driver) => void): void {
  describe.each(DRIVERS)(`${title} (%s)`, (driver) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await new TestApi(await createTestDatabase(driver)).start();
    });
    afterAll(() => api?.stop());
    suite(() => api, driver);
  });
}

/** A multipart/form-data body as a browser's FormData sends it: the files (field `photo` unless named) after the fields. */
export async function multipartBody(
  files: { name: string; bytes: Buffer; type?: string; field?: string }[],
  fields: [string, string][] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append(file.field ?? 'photo', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}
