import { and, desc, eq, isNull } from 'drizzle-orm';
import { type AuditEntry, type Category, type Report, type ReportInput, type ReportReason } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type UserRow, auditLog, bookings, cars, reports, users } from '../../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import { type Notice, notify } from '../alerts/service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type AuditAction = AuditEntry['action'];

const REPORTED_TWICE = 'You have already reported this listing';
const OWN_LISTING = 'This is your own listing: you cannot report it. Edit or withdraw it on My Products';

/** Once per person and car, never by its own seller: the unique index settles two reports sent at once. */
export async function report(db: Db, reporter: UserRow, input: ReportInput): Promise<string> {
  const [car] = await db.select({ id: cars.id, sellerId: cars.sellerId }).from(cars).where(eq(cars.id, input.carId)).limit(1);
  if (!car) throw notFound(`No car with id ${input.carId}`);
  if (car.sellerId === reporter.id) throw forbidden(OWN_LISTING);
  const [row] = await db
    .insert(reports)
    .values({ carId: car.id, reporterId: reporter.id, reason: input.reason, text: input.text ?? null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) throw conflict(REPORTED_TWICE);
  return row.id;
}

export async function reportQueue(db: Db): Promise<Report[]> {
  const rows = await db
    .select({ report: reports, carName: cars.carName, category: cars.category, hiddenBy: cars.hiddenBy, reporterName: users.name })
    .from(reports)
    .innerJoin(cars, eq(cars.id, reports.carId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(500);
  return rows.map(({ report: row, carName, category, hiddenBy, reporterName }) => ({
    _id: row.id,
    carId: row.carId,
    carName,
    categoryName: category as Category,
    reason: row.reason as ReportReason,
    text: row.text,
    reporterName,
    createdAt: row.createdAt.toISOString(),
    hidden: hiddenBy !== null,
  }));
}

async function audit(tx: Tx, admin: UserRow, action: AuditAction, target: { id: string; name: string }, reason: string): Promise<void> {
  await tx.insert(auditLog).values({ actorId: admin.id, actorName: admin.name, action, targetId: target.id, targetName: target.name, reason });
}

/** The seller and everyone holding a booking of the car. */
async function peopleOfCar(tx: Tx, car: { id: string; sellerId: string | null }): Promise<string[]> {
  const booked = await tx
    .select({ buyerId: bookings.buyerId })
    .from(bookings)
    .where(and(eq(bookings.carId, car.id), isNull(bookings.cancelReason)));
  return [...new Set([car.sellerId, ...booked.map((row) => row.buyerId)].filter((id): id is string => id !== null))];
}

/** Hides a listing from every list (or shows it again), telling its seller and booked buyers why. */
export async function setCarHidden(db: Db, admin: UserRow, carId: string, hide: boolean, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [car] = await tx.select().from(cars).where(eq(cars.id, carId)).for('update');
    if (!car) throw notFound(`No car with id ${carId}`);
    if (hide === (car.hiddenBy !== null)) throw conflict(hide ? 'This listing is already hidden' : 'This listing is not hidden');
    if (!hide && car.hiddenBy === 'seller') throw conflict('This listing is hidden with its suspended seller: reinstate the seller to show it');
    await tx
      .update(cars)
      .set(hide ? { hiddenBy: 'listing', hiddenReason: reason } : { hiddenBy: null, hiddenReason: null })
      .where(eq(cars.id, carId));
    await audit(tx, admin, hide ? 'hideCar' : 'restoreCar', { id: car.id, name: car.carName }, reason);
    const text = hide ? `${car.carName} was hidden by the moderators: ${reason}` : `${car.carName} is shown again: ${reason}`;
    const notices: Notice[] = (await peopleOfCar(tx, car)).map((userId) => ({
      userId,
      carId: car.id,
      category: car.category as Category,
      kind: hide ? 'listingHidden' : 'listingRestored',
      key: `${hide ? 'hidden' : 'restored'}:${Date.now()}`,
      text,
      subject: hide ? 'A listing was hidden by the moderators' : 'A listing is shown again',
    }));
    await notify(tx, notices);
  });
}

/**
 * Suspends an account or reinstates it, telling them why: a seller's listings are hidden and they
 * list nothing new; anyone suspended sends no messages (docs/product.md, "Moderation").
 */
export async function setAccountSuspended(db: Db, admin: UserRow, userId: string, suspend: boolean, reason: string): Promise<'seller' | 'buyer'> {
  return db.transaction(async (tx) => {
    const [seller] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!seller) throw notFound(`No account with id ${userId}`);
    if (seller.role === 'admin') throw new HttpError(409, 'Admin accounts cannot be suspended');
    const who = seller.role === 'Seller' ? 'seller' : 'buyer';
    if (suspend === (seller.suspendedAt !== null)) throw conflict(suspend ? `This ${who} is already suspended` : `This ${who} is not suspended`);
    await tx
      .update(users)
      .set(suspend ? { suspendedAt: new Date(), suspendedReason: reason } : { suspendedAt: null, suspendedReason: null })
      .where(eq(users.id, userId));
    // Cars an admin hid on their own stay hidden either way.
    await (suspend
      ? tx
          .update(cars)
          .set({ hiddenBy: 'seller', hiddenReason: reason })
          .where(and(eq(cars.sellerId, userId), isNull(cars.hiddenBy)))
      : tx
          .update(cars)
          .set({ hiddenBy: null, hiddenReason: null })
          .where(and(eq(cars.sellerId, userId), eq(cars.hiddenBy, 'seller'))));
    const action = who === 'seller' ? (suspend ? 'suspendSeller' : 'reinstateSeller') : suspend ? 'suspendBuyer' : 'reinstateBuyer';
    await audit(tx, admin, action, { id: seller.id, name: seller.name }, reason);
    await notify(tx, [
      {
        userId,
        carId: null,
        kind: suspend ? 'accountSuspended' : 'accountReinstated',
        key: `${suspend ? 'suspended' : 'reinstated'}:${Date.now()}`,
        text: suspend ? `Your ${who} account was suspended: ${reason}` : `Your ${who} account was reinstated: ${reason}`,
        subject: suspend ? `Your ${who} account was suspended` : `Your ${who} account was reinstated`,
      },
    ]);
    return who;
  });
}

export async function auditEntries(db: Db): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(500);
  return rows.map((row) => ({
    _id: row.id,
    actorName: row.actorName,
    action: row.action as AuditAction,
    targetId: row.targetId,
    targetName: row.targetName,
    reason: row.reason,
    at: row.at.toISOString(),
  }));
}
