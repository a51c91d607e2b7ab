import { eq } from 'drizzle-orm';
import { type CarStatus, ORDER_MESSAGES, type PaymentInput, dollarsToCents, idField, nextCarStatus, payRefusal } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type BookingRow, type UserRow, bookings, cars, payments } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors';
import { bookingToPay } from '../bookings/service';
import type { Allowance } from '../limits/write-limits';
import { type GatewayEvent, type PaymentGateway, type PaymentIntent, UnknownIntentError } from './gateway';

export interface Recorded {
  insertedId: string;
  created: boolean;
}

async function knownIntent(gateway: PaymentGateway, id: string): Promise<PaymentIntent | undefined> {
  try {
    return await gateway.retrieveIntent(id);
  } catch (error) {
    if (error instanceof UnknownIntentError) return undefined;
    throw error;
  }
}

/** The intent still usable for this booking: made for it, for its amount, and not cancelled. */
function fits(intent: PaymentIntent | undefined, booking: BookingRow): intent is PaymentIntent {
  return (
    intent !== undefined && intent.metadata.bookingId === booking.id && intent.amount === dollarsToCents(booking.currentPrice) && intent.status !== 'canceled'
  );
}

/**
 * One intent per booking, for the amount on the booking (never the client's). The stored intent
 * is reused while it fits; a replacement's idempotency key names what it replaces, so concurrent
 * calls share one intent and a cancelled intent is not handed back by the key that made it.
 */
export async function createPaymentIntent(db: Db, gateway: PaymentGateway, caller: UserRow, bookingId: string, newIntents: Allowance): Promise<string> {
  const booking = await bookingToPay(db, caller, bookingId);
  const refusal = payRefusal(booking, booking.carStatus);
  if (refusal) throw conflict(refusal);
  const stored = booking.paymentIntentId ? await knownIntent(gateway, booking.paymentIntentId) : undefined;
  if (fits(stored, booking)) {
    if (stored.status !== 'succeeded') return stored.clientSecret;
    // Paid at the provider but never recorded (the page closed, the webhook not in yet): record it now.
    await settle(db, gateway, booking, stored.id);
    throw conflict(ORDER_MESSAGES.alreadyPaid);
  }
  // Only a new intent counts against the buyer's limit: resuming the stored one is free.
  const intent = await newIntents(() =>
    gateway.createIntent(booking.id, dollarsToCents(booking.currentPrice), `booking-${booking.id}-${booking.paymentIntentId ?? 'first'}`),
  );
  if (booking.paymentIntentId !== intent.id) {
    await db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));
  }
  return intent.clientSecret;
}

async function existingPayment(db: Db, bookingId: string): Promise<string | undefined> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).limit(1);
  return payment?.id;
}

/** Recorded, or the card's money must go back, with what to tell the buyer. */
type Outcome = Recorded | { refunded: string };

/**
 * Records the payment of a booking once the provider says its intent succeeded for the booking's
 * amount: payment row, booking paid and car sold in one transaction. Both POST /payments and the
 * webhook end here; whichever comes second finds the first payment and writes nothing.
 */
async function settle(db: Db, gateway: PaymentGateway, booking: BookingRow, transactionId: string): Promise<Recorded> {
  const paidAlready = booking.paid ? await existingPayment(db, booking.id) : undefined;
  if (paidAlready) return { insertedId: paidAlready, created: false };
  if (!booking.paymentIntentId || booking.paymentIntentId !== transactionId) {
    throw badRequest('transactionId is not the payment started for this booking');
  }
  const intent = await knownIntent(gateway, transactionId);
  const amount = dollarsToCents(booking.currentPrice);
  if (!intent || intent.status !== 'succeeded' || intent.amount !== amount || intent.metadata.bookingId !== booking.id) {
    throw new HttpError(402, ORDER_MESSAGES.paymentNotSucceeded);
  }

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // Locking the car serialises payments for it: duplicates and a rival buyer wait here.
    const [car] = await tx.select({ status: cars.status }).from(cars).where(eq(cars.id, booking.carId)).for('update');
    const earlier = await existingPayment(tx, booking.id);
    if (earlier) return { insertedId: earlier, created: false };
    // Deleting an account withdraws its unpaid bookings under the same car lock: read again now
    // that it is held, or the card's money would be kept for a booking that is gone.
    const [still] = await tx.select({ id: bookings.id, cancelReason: bookings.cancelReason }).from(bookings).where(eq(bookings.id, booking.id)).limit(1);
    if (!still) return { refunded: ORDER_MESSAGES.bookingGoneRefunded };
    // Ending the listing cancels its unpaid bookings under the same car lock.
    if (still.cancelReason) return { refunded: ORDER_MESSAGES.cancelledRefunded };
    const status = (car?.status ?? 'sold') as CarStatus;
    if (payRefusal({ paid: false }, status)) return { refunded: ORDER_MESSAGES.soldRefunded };
    const [payment] = await tx
      .insert(payments)
      .values({ bookingId: booking.id, amountCents: amount, transactionId, email: booking.email })
      .returning({ id: payments.id });
    if (!payment) throw new Error('insert returned no payment');
    await tx.update(bookings).set({ paid: true, transactionId }).where(eq(bookings.id, booking.id));
    await tx
      .update(cars)
      .set({ status: nextCarStatus(status, 'pay') ?? 'sold' })
      .where(eq(cars.id, booking.carId));
    return { insertedId: payment.id, created: true };
  });
  if ('insertedId' in outcome) return outcome;
  // Someone else bought the car, or the booking was withdrawn or cancelled, between this buyer's card
  // confirmation and now: their money goes back.
  await gateway.refund(transactionId);
  throw conflict(outcome.refunded);
}

/** POST /payments: the caller's own booking, under the booking's e-mail. A repeat returns the first payment. */
export async function recordPayment(db: Db, gateway: PaymentGateway, caller: UserRow, input: PaymentInput): Promise<Recorded> {
  const booking = await bookingToPay(db, caller, input.bookingId);
  if (input.email.toLowerCase() !== booking.email.toLowerCase()) throw forbidden('email must be the e-mail of the booking');
  return settle(db, gateway, booking, input.transactionId);
}

const bookingIdField = idField('bookingId');

/**
 * A provider notification (already signature-checked): a succeeded intent is recorded as if the
 * buyer's page had called POST /payments. A refusal is final, so it is reported, not retried.
 */
export async function settleFromWebhook(db: Db, gateway: PaymentGateway, event: GatewayEvent): Promise<string> {
  if (event.type !== 'payment_intent.succeeded') return 'ignored';
  const intent = await knownIntent(gateway, event.intentId);
  const bookingId = intent?.metadata.bookingId;
  // The provider account may serve other systems too: an intent that is not one of ours is not an error.
  if (!bookingId || !bookingIdField.safeParse(bookingId).success) return 'ignored';
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) {
    // Ours, succeeded, and its booking gone: paid bookings are never deleted, so this one was
    // withdrawn unpaid (its buyer's account deleted) while the card went through.
    await gateway.refund(event.intentId);
    return ORDER_MESSAGES.bookingGoneRefunded;
  }
  try {
    const { created } = await settle(db, gateway, booking, event.intentId);
    return created ? 'recorded' : 'already recorded';
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return error.message;
    throw error;
  }
}
