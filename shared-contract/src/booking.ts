import * as z from './zod';
import { emailField, idField, nameText, priceField, requiredText, strictObject } from './fields';
import { CAR_STATUSES, LISTING_ENDINGS } from './orderFlow';

/** Old clients still send name, email, img, currentPrice and carName; the API uses its own records. */
export const bookingInputSchema = strictObject({
  carId: idField('carId'),
  phone: requiredText('phone', 40).refine((value) => /^\+?[0-9 ().-]{5,}$/.test(value), {
    error: 'phone must be a phone number (digits, spaces, + - . ( ))',
  }),
  address: requiredText('address', 300),
  name: nameText('name', 100).optional(),
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
  carStatus: z.enum(CAR_STATUSES),
  cancelReason: z.enum(LISTING_ENDINGS).nullable().default(null),
  cancelledAt: z.string().nullable().default(null),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The amount comes from the booking, never from the client. */
export const paymentIntentInputSchema = strictObject({
  bookingId: idField('bookingId'),
  currentPrice: z.number({ error: 'currentPrice must be a number' }).optional(),
});
export type PaymentIntentInput = z.infer<typeof paymentIntentInputSchema>;

export const paymentInputSchema = strictObject({
  bookingId: idField('bookingId'),
  transactionId: requiredText('transactionId', 200),
  email: emailField(),
  currentPrice: z.number({ error: 'currentPrice must be a number' }).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
