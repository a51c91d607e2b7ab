import { and, eq, inArray, ne } from 'drizzle-orm';
import { type NewUser, type Role, type User, carStatusFromBookings } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { bookings, cars, type UserRow, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
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

/**
 * Ties the record to the identity-service account that proved this e-mail. Records made
 * before the account (demo data, the admin command) have no uid yet.
 */
export async function linkIdentity(db: Db, user: UserRow, identity: VerifiedIdentity): Promise<void> {
  if (user.identityUid === identity.uid) return;
  await db.update(users).set({ identityUid: identity.uid }).where(eq(users.id, user.id));
}

/** Creates the caller's record once; a second call leaves the first (and its role) alone. */
export async function registerUser(db: Db, input: NewUser, identity: VerifiedIdentity): Promise<{ user: UserRow; created: boolean }> {
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
