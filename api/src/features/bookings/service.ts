import { and, desc, eq } from 'drizzle-orm';
import { type Booking, type BookingInput, type CarStatus, ORDER_MESSAGES, canBook, nextCarStatus } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type BookingRow, type UserRow, bookings, cars, users } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { findUserByEmail } from '../users/service';

/** A booking with its car's status now, which tells whether another buyer has bought the car. */
export type BookingWithCar = BookingRow & { carStatus: CarStatus };

/** Select shape joining a booking to its car (every booking has one: car_id is NOT NULL). */
const withCarStatus = { booking: bookings, carStatus: cars.status };
const joined = (rows: { booking: BookingRow; carStatus: string }[]): BookingWithCar[] =>
  rows.map(({ booking, carStatus }) => ({ ...booking, carStatus: carStatus as CarStatus }));

export function toBooking(row: BookingWithCar): Booking {
  return {
    _id: row.id,
    carId: row.carId,
    name: row.name,
    email: row.email,
    img: row.img,
    currentPrice: row.currentPrice,
    carName: row.carName,
    phone: row.phone,
    address: row.address,
    paid: row.paid,
    transactionId: row.transactionId,
    carStatus: row.carStatus,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** Old clients' booking dialogs read `acknowledged` and `message`; a refusal carries both too. */
const refused = (message: string) => conflict(message, { acknowledged: false });

/** The buyer's name and e-mail come from their account and the car's facts from its row. */
export async function bookCar(db: Db, buyer: UserRow, input: BookingInput): Promise<string> {
  return db.transaction(async (tx) => {
    // The account before the car, the order deleteUser locks them in: the booking's foreign key
    // takes this lock anyway, but only after the car's. Gone meanwhile, the account books nothing.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('key share');
    if (!account) throw unauthorized('This account no longer exists');
    const [car] = await tx.select().from(cars).where(eq(cars.id, input.carId)).for('update').limit(1);
    if (!car) throw notFound(`No car with id ${input.carId}`);
    const status = car.status as CarStatus;
    if (car.hiddenBy) throw notFound(`No car with id ${input.carId}`);
    if (!canBook(status)) throw refused(status === 'sold' ? ORDER_MESSAGES.sold : ORDER_MESSAGES.ended);
    const [booking] = await tx
      .insert(bookings)
      .values({
        carId: car.id,
        buyerId: buyer.id,
        name: buyer.name,
        email: buyer.email,
        img: car.img,
        currentPrice: car.currentPrice,
        carName: car.carName,
        phone: input.phone,
        address: input.address,
      })
      .onConflictDoNothing({ target: [bookings.carId, bookings.buyerId] })
      .returning({ id: bookings.id });
    if (!booking) throw refused(ORDER_MESSAGES.alreadyBooked);
    const next = nextCarStatus(status, 'book');
    if (next && next !== status) await tx.update(cars).set({ status: next }).where(eq(cars.id, car.id));
    return booking.id;
  });
}

/** Bookings of the person with this e-mail: the caller's own, or anyone's for an admin. */
export async function bookingsOf(db: Db, caller: UserRow, email: string): Promise<BookingWithCar[]> {
  const owner = caller.email === email ? caller : caller.role === 'admin' ? await findUserByEmail(db, email) : undefined;
  if (!owner) {
    if (caller.role !== 'admin') throw forbidden('You can only read your own bookings');
    return [];
  }
  return joined(
    await db
      .select(withCarStatus)
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(eq(bookings.buyerId, owner.id))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
  );
}

async function findBooking(db: Db, id: string): Promise<BookingWithCar> {
  const [booking] = joined(await db.select(withCarStatus).from(bookings).innerJoin(cars, eq(cars.id, bookings.carId)).where(eq(bookings.id, id)).limit(1));
  if (!booking) throw notFound(`No booking with id ${id}`);
  return booking;
}

/** One booking to read, for its buyer or an admin. */
export async function ownBooking(db: Db, caller: UserRow, id: string): Promise<BookingWithCar> {
  const booking = await findBooking(db, id);
  if (booking.buyerId !== caller.id && caller.role !== 'admin') throw forbidden('This booking is not yours');
  return booking;
}

/** One booking to pay for: its buyer's alone. An admin may look, but paying is the buyer's act. */
export async function bookingToPay(db: Db, caller: UserRow, id: string): Promise<BookingWithCar> {
  const booking = await findBooking(db, id);
  if (booking.buyerId !== caller.id) throw forbidden('Only the buyer who made this booking can pay for it');
  return booking;
}

/** Who booked the seller's cars (My Buyers). */
export async function buyersOf(db: Db, seller: UserRow): Promise<BookingWithCar[]> {
  return joined(
    await db
      .select(withCarStatus)
      .from(bookings)
      .innerJoin(cars, and(eq(cars.id, bookings.carId), eq(cars.sellerId, seller.id)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
  );
}
