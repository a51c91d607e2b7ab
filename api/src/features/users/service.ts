import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { type NewUser, type Role, type User, carStatusFromBookings } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { bookings, cars, type UserRow, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { IdentityVerifier, VerifiedIdentity } from '../auth/identity';

export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role as Role };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export function listUsersByRole(db: Db, role: Role): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, role)).orderBy(users.name, users.id);
}

export const IDENTITY_MESSAGES = {
  otherAccount: 'This e-mail address belongs to another sign-in account',
  unverified: (email: string) =>
    `An account for ${email} was set up before you signed up: verify your e-mail address (or continue with Google) to claim it`,
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

/** Creates the caller's record once; a second call leaves the first (and its role) alone. */
export async function registerUser(db: Db, input: NewUser, identity: VerifiedIdentity): Promise<{ user: UserRow; created: boolean }> {
  // The uid is unique: a sign-in account whose address changed keeps the record it has.
  const holder = await recordOfUid(db, identity.uid);
  if (holder && holder.email !== input.email) throw forbidden(IDENTITY_MESSAGES.uidTaken);
  const [created] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, role: input.role, identityUid: identity.uid })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return { user: created, created: true };
  const existing = await findUserByEmail(db, input.email);
  if (!existing) throw new Error(`user ${input.email} vanished during registration`);
  await linkIdentity(db, existing, identity);
  return { user: existing, created: false };
}

/**
 * Removes an account with everything hanging off it: the cars it sells (and their bookings),
 * its own bookings (their cars become available again unless sold), and its sign-in account.
 */
export async function deleteUser(db: Db, identity: IdentityVerifier, actor: UserRow, id: string): Promise<number> {
  if (actor.id === id) throw badRequest('You cannot delete your own account');
  const deleted = await db.transaction(async (tx) => {
    const booked = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.buyerId, id));
    const [row] = await tx.delete(users).where(eq(users.id, id)).returning();
    if (!row) return undefined;
    const carIds = [...new Set(booked.map((booking) => booking.carId))];
    if (carIds.length > 0) {
      const remaining = await tx
        .select({ carId: bookings.carId, paid: bookings.paid })
        .from(bookings)
        .where(inArray(bookings.carId, carIds));
      for (const carId of carIds) {
        const status = carStatusFromBookings(remaining.filter((booking) => booking.carId === carId));
        await tx.update(cars).set({ status }).where(and(eq(cars.id, carId), ne(cars.status, status)));
      }
    }
    return row;
  });
  if (!deleted) throw notFound(`No user with id ${id}`);
  if (deleted.identityUid) await identity.deleteUser(deleted.identityUid);
  return 1;
}
