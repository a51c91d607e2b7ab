/**
 * The order flow, written once: a car is available, booked (one or more buyers hold a
 * booking) or sold (one booking was paid). A booking is booked, then paid. The API and
 * the screens both ask these functions rather than comparing strings themselves.
 */
export const CAR_STATUSES = ['available', 'booked', 'sold'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

export const BOOKING_STATUSES = ['booked', 'paid'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type OrderEvent = 'book' | 'pay' | 'cancel';

/** Car status after an event; a missing entry means the event is not allowed. */
export const CAR_FLOW: Record<CarStatus, Partial<Record<OrderEvent, CarStatus>>> = {
  available: { book: 'booked' },
  // Several buyers may hold a booking; the first to pay buys the car.
  booked: { book: 'booked', pay: 'sold', cancel: 'available' },
  sold: {},
};

export const BOOKING_FLOW: Record<BookingStatus, Partial<Record<OrderEvent, BookingStatus>>> = {
  booked: { pay: 'paid' },
  paid: {},
};

export const ORDER_MESSAGES = {
  sold: 'This car has already been sold',
  alreadyBooked: 'You have already booked this car',
  alreadyPaid: 'This booking is already paid',
  /** POST /payments before the provider says the booking's intent succeeded for its amount. */
  paymentNotSucceeded: 'The card payment has not succeeded',
  /** A buyer whose card went through just after someone else bought the car gets the money back. */
  soldRefunded: 'This car has already been sold; your card payment has been refunded',
  /** The booking was withdrawn (its buyer's account deleted) while the card went through. */
  bookingGoneRefunded: 'This booking no longer exists; your card payment has been refunded',
} as const;

export function nextCarStatus(status: CarStatus, event: OrderEvent): CarStatus | null {
  return CAR_FLOW[status][event] ?? null;
}

export function bookingStatus(booking: { paid: boolean }): BookingStatus {
  return booking.paid ? 'paid' : 'booked';
}

/** Another buyer paid for the car first: this (unpaid) booking can no longer be paid. */
export function soldToAnotherBuyer(booking: { paid: boolean; carStatus: CarStatus }): boolean {
  return bookingStatus(booking) === 'booked' && booking.carStatus === 'sold';
}

export function canBook(carStatus: CarStatus): boolean {
  return nextCarStatus(carStatus, 'book') !== null;
}

export function canPay(booking: { paid: boolean }, carStatus: CarStatus): boolean {
  return BOOKING_FLOW[bookingStatus(booking)].pay !== undefined && nextCarStatus(carStatus, 'pay') !== null;
}

/** Why this booking cannot be paid now (a message for the person), or null when it can. */
export function payRefusal(booking: { paid: boolean }, carStatus: CarStatus): string | null {
  if (BOOKING_FLOW[bookingStatus(booking)].pay === undefined) return ORDER_MESSAGES.alreadyPaid;
  if (nextCarStatus(carStatus, 'pay') === null) return ORDER_MESSAGES.sold;
  return null;
}

/**
 * What a car's status is, given the bookings it still has (used when unpaid bookings go away, their
 * buyer's account deleted): a booked car with none left is available again. A sold car stays sold,
 * as it keeps the booking that was paid: nothing deletes a paid booking but its car's deletion.
 */
export function carStatusFromBookings(bookings: readonly { paid: boolean }[]): CarStatus {
  if (bookings.some((booking) => booking.paid)) return 'sold';
  return bookings.length > 0 ? 'booked' : 'available';
}

// The pay step's card rules and gateway wire types live beside this file; exported from here so
// the flow stays one import for the API and the screens.
export * from './cardPayment';
