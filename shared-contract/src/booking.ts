import * as z from './zod';
import { emailField, idField, priceField, requiredText, strictObject } from './fields';
import { CAR_STATUSES, LISTING_ENDINGS } from './orderFlow';

/**
 * POST /bookings. Old clients send name, email, img, currentPrice and carName too; the
 * API takes those from its own records, so they are optional here and only type-checked.
 */
export const bookingInputSchema = strictObject({
  carId: idField('carId'),
  phone: requiredText('phone', 40).refine((value) => /^\+?[0-9 ().-]{5,}$/.test(value), {
    error: 'phone must be a phone number (digits, spaces, + - . ( ))',
  }),
  address: requiredText('address', 300),
  name: requiredText('name', 100).optional(),
  email: emailField().optional(),
  img: requiredText('img', 2048).optional(),
  currentPrice: priceField('currentPrice').optional(),
  carName: requiredText('carName', 120).optional(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const bookingSchema = z.object({
  _id: z.string(),
  carId: z.string(),
  name: z.string(),
  email: z.string(),
  img: z.string(),
  currentPrice: z.number(),
  carName: z.string(),
  phone: z.string(),
  address: z.string(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  /** The booked car's status now: an unpaid booking of a sold car was sold to another buyer. */
  carStatus: z.enum(CAR_STATUSES),
  /** Set when the seller ended the listing before this booking was paid: the booking is cancelled, and this says how. */
  cancelReason: z.enum(LISTING_ENDINGS).nullable().default(null),
  /** When it was cancelled (ISO 8601), or null. */
  cancelledAt: z.string().nullable().default(null),
});
export type Booking = z.infer<typeof bookingSchema>;

/** POST /create-payment-intent: the amount comes from the booking, never from the client. */
export const paymentIntentInputSchema = strictObject({
  bookingId: idField('bookingId'),
  currentPrice: z.number({ error: 'currentPrice must be a number' }).optional(),
});
export type PaymentIntentInput = z.infer<typeof paymentIntentInputSchema>;

/** POST /payments, recorded only once the provider says the booking's intent succeeded. */
export const paymentInputSchema = strictObject({
  bookingId: idField('bookingId'),
  transactionId: requiredText('transactionId', 200),
  email: emailField(),
  currentPrice: z.number({ error: 'currentPrice must be a number' }).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** Dollars as stored to the provider's smallest unit. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
