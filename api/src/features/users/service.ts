import { and, eq, inArray, isNull, ne, notExists, or } from 'drizzle-orm';
import { type CarStatus, type NewUser, type Role, type User, carStatusFromBookings } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { bookings, cars, type UserRow, users } from '../../db/schema';
import { badGateway, badRequest, forbidden, notFound } from '../../http/errors';
import type { IdentityVerifier, VerifiedIdentity } from '../auth/identity';
import type { Allowance } from '../limits/write-limits';
import type { PhotoService } from '../photos/service';

export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role as Role, ...(row.suspendedAt ? { suspendedReason: row.suspendedReason ?? '' } : {}) };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export function listUsersByRole(db: Db, role: Role): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, role)).orderBy(users.name, users.id);
}

const IDENTITY_MESSAGES = {
  otherAccount: 'This e-mail address belongs to another sign-in account',
  unverified: (email: string) => `An account for ${email} was set up before you signed up: verify your e-mail address (or continue with Google) to claim it`,
  uidTaken: 'This sign-in account already belongs to a record with another e-mail address',
} as const;

async function recordOfUid(db: Db, uid: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.identityUid, uid)).limit(1);
  return user;
}

/**
 * Checks that this sign-in is the record's own, and ties a record that has none yet. Anyone can
 * make an identity-service account for any address, so a stored uid is never replaced, and a
 * record made before its account (demo seeding, `npm run admin` without --password) goes only to
 * a sign-in whose e-mail the identity service has verified. Refusals write nothing.
 */
export async function linkIdentity(db: Db, user: UserRow, identity: VerifiedIdentity): Promise<void> {
  if (user.identityUid === identity.uid) return;
  if (user.identityUid !== null) throw forbidden(IDENTITY_MESSAGES.otherAccount);
  if (!identity.emailVerified) throw forbidden(IDENTITY_MESSAGES.unverified(user.email));
  const holder = await recordOfUid(db, identity.uid);
  if (holder) throw forbidden(IDENTITY_MESSAGES.uidTaken);
  // Only while still unlinked: of two sign-ins racing for the record, the second finds it taken.
  const [linked] = await db
    .update(users)
    .set({ identityUid: identity.uid })
    .where(and(eq(users.id, user.id), isNull(users.identityUid)))
    .returning({ uid: users.identityUid });
  if (linked) return;
  const [now] = await db.select({ uid: users.identityUid }).from(users).where(eq(users.id, user.id)).limit(1);
  if (now?.uid !== identity.uid) throw forbidden(IDENTITY_MESSAGES.otherAccount);
}

/**
 * Creates the caller's record once; a second call leaves the first (and its role) alone. Only a
 * call that makes a record counts against `newRecords`: a Google sign-in repeats this call every
 * time, and a person who already has a record must never be refused for others' sign-ups.
 */
export async function registerUser(db: Db, input: NewUser, identity: VerifiedIdentity, newRecords: Allowance): Promise<{ user: UserRow; created: boolean }> {
  // The uid is unique: a sign-in account whose address changed keeps the record it has.
  const holder = await recordOfUid(db, identity.uid);
  if (holder && holder.email !== input.email) throw forbidden(IDENTITY_MESSAGES.uidTaken);
  const known = holder ?? (await findUserByEmail(db, input.email));
  if (!known) {
    const [created] = await newRecords(
      () =>
        db
          .insert(users)
          .values({ name: input.name, email: input.email, role: input.role, identityUid: identity.uid })
          .onConflictDoNothing({ target: users.email })
          .returning(),
      (rows) => rows.length > 0,
    );
    if (created) return { user: created, created: true };
  }
  // Made by a concurrent call since it was looked for, when not known before.
  const existing = known ?? (await findUserByEmail(db, input.email));
  if (!existing) throw new Error(`user ${input.email} vanished during registration`);
  await linkIdentity(db, existing, identity);
  return { user: existing, created: false };
}

const DELETE_MESSAGES = {
  identityFailed: 'The sign-in account could not be removed, so nothing was deleted; try again in a moment',
} as const;

/**
 * Removes an account, but never a sale: a paid booking, its payment and its sold car outlive the
 * buyer and the seller (their reference becomes NULL). What goes: the buyer's unpaid bookings
 * (each car then takes the status its remaining bookings give, through the order flow), and the
 * seller's cars that are not sold, with their bookings.
 *
 * The sign-in account is removed first: if the identity service fails, nothing has been deleted
 * and the admin can try again; if the database then failed, the person could no longer sign in
 * and the same call would finish the job. The access token dies with the record (see Guard).
 */
export async function deleteUser(db: Db, identity: IdentityVerifier, actor: UserRow, id: string, photos?: PhotoService): Promise<number> {
  if (actor.id === id) throw badRequest('You cannot delete your own account');
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(`No user with id ${id}`);
  if (user.identityUid) {
    try {
      await identity.deleteUser(user.identityUid);
    } catch (error) {
      throw badGateway(DELETE_MESSAGES.identityFailed, error);
    }
  }
  let photoFiles: string[] = [];
  const deleted = await db.transaction(async (tx) => {
    // Lock order, the one booking (bookCar) and paying (settle) keep: the account, then cars, then
    // bookings. Deleting the bookings before locking their cars deadlocked with a payment holding
    // the car and waiting to mark one of those bookings paid. The account first: a new booking or
    // car of this account waits on its row (the foreign key), so the cars locked below are all
    // there will be. Cars in id order, so two deletions sharing cars cannot lock them crosswise.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!account) return [];
    const unpaidBookings = tx
      .select({ carId: bookings.carId })
      .from(bookings)
      .where(and(eq(bookings.buyerId, id), eq(bookings.paid, false)));
    await tx
      .select({ id: cars.id })
      .from(cars)
      .where(or(inArray(cars.id, unpaidBookings), eq(cars.sellerId, id)))
      .orderBy(cars.id)
      .for('update');
    // Read again under the car locks: a payment that committed meanwhile made its booking paid, and it stays.
    const withdrawn = await tx
      .delete(bookings)
      .where(and(eq(bookings.buyerId, id), eq(bookings.paid, false)))
      .returning({ carId: bookings.carId });
    // A car with a paid booking is a sale, whatever its status says.
    const paidBooking = tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.carId, cars.id), eq(bookings.paid, true)));
    const leaving = and(eq(cars.sellerId, id), ne(cars.status, 'sold'), notExists(paidBooking));
    // Their photos' rows go with them; the files are looked at once this has committed.
    if (photos)
      photoFiles = await photos.keysOfCars(
        tx,
        (await tx.select({ id: cars.id }).from(cars).where(leaving)).map((car) => car.id),
      );
    await tx.delete(cars).where(leaving);
    await settleCarStatuses(tx, [...new Set(withdrawn.map((booking) => booking.carId))]);
    return tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  });
  // Someone else deleted it meanwhile: the outcome the admin wanted, but not this call's doing.
  if (deleted.length === 0) throw notFound(`No user with id ${id}`);
  await photos?.deleteUnused(photoFiles);
  return 1;
}

/**
 * Cars that lost unpaid bookings take the status the rest give them: a sold car keeps its paid
 * booking, so it stays sold, and an ended listing stays ended. The caller holds the cars' locks, so a booking or payment made
 * meanwhile is counted, not overwritten.
 */
async function settleCarStatuses(tx: Db, carIds: string[]): Promise<void> {
  if (carIds.length === 0) return;
  const locked = await tx.select({ id: cars.id, status: cars.status }).from(cars).where(inArray(cars.id, carIds));
  const remaining = await tx
    .select({ carId: bookings.carId, paid: bookings.paid, cancelReason: bookings.cancelReason })
    .from(bookings)
    .where(inArray(bookings.carId, carIds));
  for (const car of locked) {
    const next = carStatusFromBookings(
      car.status as CarStatus,
      remaining.filter((booking) => booking.carId === car.id),
    );
    if (next !== car.status) await tx.update(cars).set({ status: next }).where(eq(cars.id, car.id));
  }
}
