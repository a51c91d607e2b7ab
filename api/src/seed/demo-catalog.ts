import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { CATEGORIES, type Category, type MileageUnit, dollarsToCents } from '@usedcars/shared-contract';
import type { Db } from '../db/client';
import { bookings, cars, payments } from '../db/schema';
import { Market } from '../features/market/service';
import { attachPhotos } from '../features/photos/attach';
import { PAINT_NAMES, carImagePath } from './car-art';
import { BODY_OF_STYLE, CITIES, COLOUR_OF_PAINT, CONDITIONS, DEMO_ACCOUNTS, DETAILS, MODELS, fuelOf, gearboxOf, mileageOf, ownersOf } from './demo-data';
import { CLOSE_UPS, type DemoPhotoOptions, type DemoShot, closeUp, makeDemoPhotos, sideView } from './demo-photos';
import { DEMO_SELLERS, ensureDemoUsers, sellersOf } from './demo-users';

export const DEMO_CARS_PER_BRAND = 30;
const DAY_MS = 86_400_000;

export interface DemoOptions {
  /** Whether the demo buyer and admin (and the buyer's orders) may exist: only with the Auth emulator (docs/api.md, "The demo accounts"). */
  demoSignIns: boolean;
  /** Where the demo cars' photos go; without it the cars have only their img link. */
  photos?: DemoPhotoOptions;
  /** The site's unit (MILEAGE_UNIT): the demo's mileages are in it. Miles by default. */
  mileageUnit?: MileageUnit;
}

/** What a demo seed made: photos, and how many of their pictures had to be processed (the rest came from the cache). */
export interface DemoSeedReport {
  cars: number;
  photos: number;
  processed: number;
  reused: number;
}

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

type Seller = ReturnType<typeof sellersOf>[number];

/** Each brand's first three models are its popular ones: eight cars each, of two model years, so they have a market to be rated against. */
const POPULAR = 3;
const PER_POPULAR = 8;
/** Of a popular model's eight cars, the demo seller lists three, and five other sellers one each. */
const DEMO_SELLER_SHARE = 3;

function modelAndSeller(category: Category, index: number, sellers: readonly Seller[]) {
  const popular = POPULAR * PER_POPULAR;
  if (index < popular) {
    const place = Math.floor(index / POPULAR);
    const seller = place < DEMO_SELLER_SHARE ? sellers[0]! : sellers[1 + ((place - DEMO_SELLER_SHARE) % (sellers.length - 1))]!;
    return { model: MODELS[category][index % POPULAR]!, seller, popular: place % 2 };
  }
  const rest = index - popular;
  const seller = rest % 2 === 0 ? sellers[0]! : sellers[1 + (rest % (sellers.length - 1))]!;
  return { model: MODELS[category][POPULAR + (rest % (MODELS[category].length - POPULAR))]!, seller, popular: null };
}

/** The index-th demo car of a brand, and the pictures its photos are made from. */
function demoCar(category: Category, index: number, sellers: readonly Seller[], next: () => number, now: { year: number; ms: number }, unit: MileageUnit) {
  const { model, seller, popular } = modelAndSeller(category, index, sellers);
  const paint = PAINT_NAMES[(index * 3 + category.length) % PAINT_NAMES.length]!;
  // The side view in the car's own style and paint first (the cover), then two to four close-ups.
  const closeUps = Array.from({ length: 2 + (index % 3) }, (_, k) => closeUp(CLOSE_UPS[(index + k) % CLOSE_UPS.length]!));
  const shots: DemoShot[] = [sideView(model.style, paint, model.name), ...closeUps];
  const yearDraw = next();
  const year = popular === null ? now.year - 1 - Math.floor(yearDraw * 10) : now.year - 3 - popular;
  const age = now.year - year;
  const price = Math.round((model.msrp * (0.95 + next() * 0.15)) / 100) * 100;
  const postedAt = now.ms - Math.floor((index + next()) * DAY_MS * 2);
  // Some a good deal, some dear: about 15 % either side of what the car is worth.
  const currentPrice = Math.round((price * 0.88 ** age * (0.85 + next() * 0.3)) / 100) * 100;
  // Every seventh demo car was listed $1,200 dearer and dropped a day later, so the lists show the badge.
  const dropped = index % 7 === 3;
  const priceHistory = dropped
    ? [
        { price: currentPrice + 1200, at: new Date(postedAt).toISOString() },
        { price: currentPrice, at: new Date(postedAt + DAY_MS).toISOString() },
      ]
    : [{ price: currentPrice, at: new Date(postedAt).toISOString() }];
  const row = {
    id: randomUUID(),
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
    mileage: mileageOf(age, unit, next()),
    fuel: fuelOf(category, model, next()),
    gearbox: gearboxOf(category, model, next()),
    body: BODY_OF_STYLE[model.style],
    colour: COLOUR_OF_PAINT[paint],
    previousOwners: ownersOf(age, next()),
  };
  return { row, shots };
}

/** A few dozen realistic cars per brand, each with 3–5 photos when `photos` says where they go, and, with demo sign-ins, two bookings of the demo buyer (one paid). */
export async function seedDemoCatalog(
  db: Db,
  { demoSignIns, photos, mileageUnit = 'mi' }: DemoOptions,
  perBrand = DEMO_CARS_PER_BRAND,
): Promise<DemoSeedReport> {
  const ids = await ensureDemoUsers(db, demoSignIns ? DEMO_ACCOUNTS : DEMO_SELLERS);
  const sellers = sellersOf(ids);
  const now = { year: new Date().getFullYear(), ms: Date.now() };
  const next = random(2024);
  const made = CATEGORIES.flatMap((category) => Array.from({ length: perBrand }, (_, index) => demoCar(category, index, sellers, next, now, mileageUnit)));
  const shots = new Map(made.map(({ row, shots: carShots }) => [row.id, carShots]));
  const inserted = await db
    .insert(cars)
    .values(made.map(({ row }) => row))
    .returning({ id: cars.id, sellerId: cars.sellerId });
  const report: DemoSeedReport = { cars: inserted.length, photos: 0, processed: 0, reused: 0 };
  if (photos) {
    const pictures = await makeDemoPhotos([...shots.values()].flat(), photos);
    const entries = [...shots].map(([carId, carShots]) => ({ carId, photos: carShots.map((shot) => ({ ...pictures.photos.get(shot.id)!, alt: shot.alt })) }));
    await attachPhotos(db, photos.storage, entries);
    Object.assign(report, { photos: entries.reduce((sum, entry) => sum + entry.photos.length, 0), processed: pictures.processed, reused: pictures.reused });
  }
  await new Market(db).settle();
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
