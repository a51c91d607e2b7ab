import { eq } from 'drizzle-orm';
import { type CarStatus, ORDER_MESSAGES, type PaymentInput, canPay, dollarsToCents, nextCarStatus } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type BookingRow, type UserRow, bookings, cars, payments } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors';
import { ownBooking } from '../bookings/service';
import type { PaymentGateway } from './gateway';

async function carStatusOf(db: Db, booking: BookingRow): Promise<CarStatus> {
  const [car] = await db.select({ status: cars.status }).from(cars).where(eq(cars.id, booking.carId)).limit(1);
  return (car?.status ?? 'sold') as CarStatus;
}

/** One intent per booking, for the amount on the booking (never the client's). */
export async function createPaymentIntent(db: Db, gateway: PaymentGateway, caller: UserRow, bookingId: string): Promise<string> {
  const booking = await ownBooking(db, caller, bookingId);
  if (booking.paid) throw conflict(ORDER_MESSAGES.alreadyPaid);
  if (!canPay(booking, await carStatusOf(db, booking))) throw conflict(ORDER_MESSAGES.sold);
  const intent = await gateway.createIntent(booking.id, dollarsToCents(booking.currentPrice), `booking-${booking.id}`);
  if (booking.paymentIntentId !== intent.id) {
    await db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));
  }
  return intent.clientSecret;
}

async function existingPayment(db: Db, bookingId: string): Promise<string | undefined> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).limit(1);
  return payment?.id;
}

/**
 * Records a payment the provider confirmed: payment row, booking paid and car sold in one
 * transaction. A repeated call answers the first payment's id and writes nothing.
 */
export async function recordPayment(
  db: Db,
  gateway: PaymentGateway,
  caller: UserRow,
  input: PaymentInput,
): Promise<{ insertedId: string; created: boolean }> {
  const booking = await ownBooking(db, caller, input.bookingId);
  if (input.email !== booking.email) throw forbidden('email must be the e-mail of the booking');
  const paidAlready = booking.paid ? await existingPayment(db, booking.id) : undefined;
  if (paidAlready) return { insertedId: paidAlready, created: false };
  if (!booking.paymentIntentId || booking.paymentIntentId !== input.transactionId) {
    throw badRequest('transactionId is not the payment started for this booking');
  }
  const intent = await gateway.retrieveIntent(booking.paymentIntentId);
  const amount = dollarsToCents(booking.currentPrice);
  if (intent.status !== 'succeeded' || intent.amount !== amount || intent.metadata.bookingId !== booking.id) {
    throw new HttpError(402, 'The card payment has not succeeded');
  }

  return db.transaction(async (tx) => {
    // Locking the car serialises payments for it: duplicates and a rival buyer wait here.
    const [car] = await tx.select({ status: cars.status }).from(cars).where(eq(cars.id, booking.carId)).for('update');
    const earlier = await existingPayment(tx, booking.id);
    if (earlier) return { insertedId: earlier, created: false };
    const status = (car?.status ?? 'sold') as CarStatus;
    if (!canPay(booking, status)) throw conflict(ORDER_MESSAGES.sold);
    const [payment] = await tx
      .insert(payments)
      .values({ bookingId: booking.id, amountCents: amount, transactionId: input.transactionId, email: booking.email })
      .returning({ id: payments.id });
    if (!payment) throw new Error('insert returned no payment');
    await tx.update(bookings).set({ paid: true, transactionId: input.transactionId }).where(eq(bookings.id, booking.id));
    await tx.update(cars).set({ status: nextCarStatus(status, 'pay') ?? 'sold' }).where(eq(cars.id, booking.carId));
    return { insertedId: payment.id, created: true };
  });
}
