import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORIES, type Category, dollarsToCents } from '@usedcars/shared-contract';
import type { Database, Db } from '../db/client';
import { bookings, carPhotoVariants, cars, payments, users } from '../db/schema';
import type { IdentityVerifier } from '../features/auth/identity';
import { PhotoService } from '../features/photos/service';
import { PAINTS, type Paint, carImagePath } from './car-art';
import { CLOSE_UPS, type DemoPhotoOptions, type DemoShot, closeUp, makeDemoPhotos, sideView } from './demo-photos';
import { CITIES, CONDITIONS, DEMO_ACCOUNTS, DETAILS, type DemoAccount, MODELS } from './demo-data';

export const DEMO_CARS_PER_BRAND = 30;
const DAY_MS = 86_400_000;
const PAINT_NAMES = Object.keys(PAINTS) as Paint[];

/** Small seeded generator: the demo catalog is the same on every machine and every re-seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!;

export interface DemoOptions {
  /**
   * Whether the demo buyer and admin (and the buyer's orders) may exist: only where their sign-in
   * accounts are made too, in the Auth emulator. Against a real identity service a record without a
   * sign-in account is one nobody should be able to claim, least of all an admin, so the demo
   * catalog then keeps only the seller records its cars need.
   */
  demoSignIns: boolean;
  /** Where the demo cars' photos go; without it the cars have only their img link. */
  photos?: DemoPhotoOptions;
}

/** What a demo seed made: photos, and how many of their pictures had to be processed (the rest came from the cache). */
export interface DemoSeedReport {
  cars: number;
  photos: number;
  processed: number;
  reused: number;
}

const DEMO_SELLERS = DEMO_ACCOUNTS.filter((account) => account.role === 'Seller');

/** Demo accounts as database records (no sign-in accounts: see ensureDemoAccounts). */
async function ensureDemoUsers(db: Db, accounts: readonly DemoAccount[]): Promise<Map<string, string>> {
  await db
    .insert(users)
    .values(accounts.map(({ email, name, role }) => ({ email, name, role })))
    .onConflictDoNothing({ target: users.email });
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

async function wipeCatalog(db: Db): Promise<void> {
  await db.delete(payments);
  await db.delete(bookings);
  await db.delete(cars);
}

function sellersOf(ids: Map<string, string>) {
  return DEMO_SELLERS.map((account) => ({ id: ids.get(account.email)!, name: account.name }));
}

/**
 * A few dozen realistic cars per brand, each with 3–5 photos when `photos` says where they go,
 * and, with demo sign-ins, two bookings of the demo buyer (one paid).
 */
export async function seedDemoCatalog(db: Db, { demoSignIns, photos }: DemoOptions, perBrand = DEMO_CARS_PER_BRAND): Promise<DemoSeedReport> {
  const ids = await ensureDemoUsers(db, demoSignIns ? DEMO_ACCOUNTS : DEMO_SELLERS);
  const sellers = sellersOf(ids);
  const thisYear = new Date().getFullYear();
  const now = Date.now();
  const next = random(2024);
  const shots = new Map<string, DemoShot[]>();
  const rows = CATEGORIES.flatMap((category) =>
    Array.from({ length: perBrand }, (_, index) => {
      const model = MODELS[category][index % MODELS[category].length]!;
      const paint = PAINT_NAMES[(index * 3 + category.length) % PAINT_NAMES.length]!;
      const id = randomUUID();
      // The side view in the car's own style and paint first (the cover), then two to four close-ups.
      const closeUps = Array.from({ length: 2 + (index % 3) }, (_, k) => closeUp(CLOSE_UPS[(index + k) % CLOSE_UPS.length]!));
      shots.set(id, [sideView(model.style, paint, model.name), ...closeUps]);
      const year = thisYear - 1 - Math.floor(next() * 10);
      const age = thisYear - year;
      const price = Math.round((model.msrp * (0.95 + next() * 0.15)) / 100) * 100;
      const postedAt = now - Math.floor((index + next()) * DAY_MS * 2);
      // Two of three demo cars belong to the demo seller, so My Products has plenty.
      const seller = index % 3 === 2 ? sellers[1 + (index % 2)]! : sellers[0]!;
      const currentPrice = Math.round((price * 0.88 ** age * (0.95 + next() * 0.1)) / 100) * 100;
      // Every seventh demo car was listed $1,200 dearer and dropped a day later, so the lists show the badge.
      const dropped = index % 7 === 3;
      const priceHistory = dropped
        ? [
            { price: currentPrice + 1200, at: new Date(postedAt).toISOString() },
            { price: currentPrice, at: new Date(postedAt + DAY_MS).toISOString() },
          ]
        : [{ price: currentPrice, at: new Date(postedAt).toISOString() }];
      return {
        id,
        category,
        carName: model.name,
        img: carImagePath(model.style, paint),
        price,
        currentPrice,
        priceHistory,
        purchaseYear: String(year),
        condition: pick(CONDITIONS, next),
        contact: `+1 (${200 + Math.floor(next() * 700)}) 555-0${100 + Math.floor(next() * 900)}`,
        details: pick(DETAILS, next),
        location: pick(CITIES, next),
        used: age === 1 ? '1 year' : `${age} years`,
        sellerName: seller.name,
        sellerId: seller.id,
        time: new Date(postedAt).toISOString().slice(0, 10),
        createdAt: new Date(postedAt),
      };
    }),
  );
  const inserted = await db.insert(cars).values(rows).returning({ id: cars.id, sellerId: cars.sellerId });
  const report: DemoSeedReport = { cars: inserted.length, photos: 0, processed: 0, reused: 0 };
  if (photos) {
    const made = await makeDemoPhotos([...shots.values()].flat(), photos);
    const entries = [...shots].map(([carId, carShots]) => ({ carId, photos: carShots.map((shot) => ({ ...made.photos.get(shot.id)!, alt: shot.alt })) }));
    await new PhotoService(db, photos.storage, 1).attach(db, entries);
    Object.assign(report, { photos: entries.reduce((sum, entry) => sum + entry.photos.length, 0), processed: made.processed, reused: made.reused });
  }
  // After the photos: a booking keeps the picture its car had when booked.
  if (demoSignIns)
    await seedDemoOrders(
      db,
      ids,
      inserted
        .filter((car) => car.sellerId === sellers[0]!.id)
        .slice(0, 2)
        .map((car) => car.id),
    );
  return report;
}

/** My Orders shows one booking to pay and one already paid. */
async function seedDemoOrders(db: Db, ids: Map<string, string>, carIds: string[]): Promise<void> {
  const buyer = DEMO_ACCOUNTS.find((account) => account.role === 'Buyer')!;
  const chosen = await db.select().from(cars).where(inArray(cars.id, carIds));
  for (const [index, car] of chosen.entries()) {
    const paid = index === 1;
    const transactionId = paid ? 'pi_demo_paid_booking' : null;
    const [booking] = await db
      .insert(bookings)
      .values({
        carId: car.id,
        buyerId: ids.get(buyer.email)!,
        name: buyer.name,
        email: buyer.email,
        img: car.img,
        currentPrice: car.currentPrice,
        carName: car.carName,
        phone: '+1 (415) 555-0142',
        address: '1 Ferry Building, San Francisco, CA',
        paid,
        transactionId,
        paymentIntentId: transactionId,
      })
      .returning();
    await db
      .update(cars)
      .set({ status: paid ? 'sold' : 'booked' })
      .where(eq(cars.id, car.id));
    if (paid && booking && transactionId) {
      await db.insert(payments).values({ bookingId: booking.id, amountCents: dollarsToCents(car.currentPrice), transactionId, email: buyer.email });
    }
  }
}

/** First start of an empty database gets the demo data; anything already there is left alone. */
export async function seedIfEmpty(db: Db, options: DemoOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoCatalog(db, options);
  return true;
}

/** Start-up: the migrations, then the demo data if the database is empty; one API copy at a time. */
export function prepareDatabase(database: Database, options: DemoOptions): Promise<boolean> {
  return database.exclusively(async () => {
    await database.migrate();
    return seedIfEmpty(database.db, options);
  });
}

/**
 * `npm run seed`: cars, bookings and payments start over; accounts stay. The demo photos' files
 * stay (the same drawings are made again from them); the files of photos sellers uploaded to the
 * wiped cars are deleted once the new catalog no longer uses them.
 */
export async function reseedDemo(db: Db, options: DemoOptions, perBrand = DEMO_CARS_PER_BRAND): Promise<DemoSeedReport> {
  const before = options.photos ? (await db.select({ key: carPhotoVariants.key }).from(carPhotoVariants)).map((row) => row.key) : [];
  await wipeCatalog(db);
  const report = await seedDemoCatalog(db, options, perBrand);
  if (options.photos) await new PhotoService(db, options.photos.storage, 1).deleteUnused(before);
  return report;
}

/**
 * A large catalog for benchmarks: `perBrand` cars in each of the three brands, generated inside
 * the database (INSERT … SELECT over generate_series), which beats any client-side batching.
 */
export async function seedLargeCatalog(db: Db, perBrand: number, categories: readonly Category[] = CATEGORIES): Promise<void> {
  await wipeCatalog(db);
  const sellers = sellersOf(await ensureDemoUsers(db, DEMO_SELLERS));
  const thisYear = new Date().getFullYear();
  for (const category of categories) {
    const models = JSON.stringify(
      MODELS[category].map((model, index) => ({ ...model, img: carImagePath(model.style, PAINT_NAMES[index % PAINT_NAMES.length]!) })),
    );
    await db.execute(sql`
      insert into cars (category, car_name, img, current_price, price, purchase_year, condition, contact, details,
                        location, used, seller_name, seller_id, time, created_at)
      select ${category}, m->>'name', m->>'img',
             round((m->>'msrp')::numeric * (0.3 + (g % 61) / 100.0), -2), (m->>'msrp')::numeric,
             (${thisYear - 12} + g % 12)::text,
             ${sql.raw(`(array[${CONDITIONS.map((c) => `'${c}'`).join(',')}])`)}[1 + g % ${CONDITIONS.length}],
             '+1 (415) 555-0' || (100 + g % 900),
             ${JSON.stringify(DETAILS)}::jsonb->>(g % ${DETAILS.length}),
             ${JSON.stringify(CITIES)}::jsonb->>(g % ${CITIES.length}),
             (12 - g % 12) || ' years',
             s->>'name', (s->>'id')::uuid,
             current_date - (g % 365), now() - g * interval '1 minute'
      from generate_series(1, ${perBrand}::int) as g
      cross join lateral (select ${models}::jsonb->(g % ${MODELS[category].length}) as m,
                                 ${JSON.stringify(sellers)}::jsonb->(g % ${sellers.length}) as s) as picked`);
  }
  await db.execute(sql`analyze cars`);
}

/**
 * With the Auth emulator as identity service, the demo accounts get sign-in accounts there too
 * (same e-mail, password and name), and each record stores its account's uid as soon as the
 * account exists: the emulator's e-mail/password accounts are unverified, so the uid is what
 * lets them sign in (see linkIdentity). Never against a real project: neither the accounts nor
 * their records are made then.
 */
export async function ensureDemoAccounts(identity: IdentityVerifier, db: Db, password: string): Promise<number> {
  if (!identity.isEmulator || !identity.ensureUser) return 0;
  const ids = await ensureDemoUsers(db, DEMO_ACCOUNTS);
  let linked = 0;
  for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.signIn)) {
    const uid = await identity.ensureUser({ email: account.email, password, displayName: account.name });
    // The emulator's own account for the address wins: its data may have been reset since.
    await db
      .update(users)
      .set({ identityUid: uid })
      .where(eq(users.id, ids.get(account.email)!));
    linked += 1;
  }
  return linked;
}
