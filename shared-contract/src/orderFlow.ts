/**
 * The order flow, written once: a car is available, booked (one or more buyers hold a
 * booking) or sold (one booking was paid); its seller may end an unsold listing as withdrawn
 * or sold elsewhere. A booking is booked, then paid, or cancelled when its listing ends. The API
 * and the screens both ask these functions rather than comparing strings themselves.
 */
export const CAR_STATUSES = ['available', 'booked', 'sold', 'withdrawn', 'soldElsewhere'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

export const BOOKING_STATUSES = ['booked', 'paid', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type OrderEvent = 'book' | 'pay' | 'cancel' | 'withdraw' | 'sellElsewhere';

/** How a seller ends a listing, as the car's status then reads. */
export const LISTING_ENDINGS = ['withdrawn', 'soldElsewhere'] as const;
export type ListingEnding = (typeof LISTING_ENDINGS)[number];

const ENDING_EVENT: Record<ListingEnding, OrderEvent> = { withdrawn: 'withdraw', soldElsewhere: 'sellElsewhere' };

/** Car status after an event; a missing entry means the event is not allowed. */
export const CAR_FLOW: Record<CarStatus, Partial<Record<OrderEvent, CarStatus>>> = {
  available: { book: 'booked', withdraw: 'withdrawn', sellElsewhere: 'soldElsewhere' },
  // Several buyers may hold a booking; the first to pay buys the car. Ending the listing cancels them all.
  booked: { book: 'booked', pay: 'sold', cancel: 'available', withdraw: 'withdrawn', sellElsewhere: 'soldElsewhere' },
  sold: {},
  withdrawn: {},
  soldElsewhere: {},
};

export const BOOKING_FLOW: Record<BookingStatus, Partial<Record<OrderEvent, BookingStatus>>> = {
  // Ending the listing cancels an unpaid booking; it is kept, with why, for its buyer's My Orders.
  booked: { pay: 'paid', cancel: 'cancelled' },
  paid: {},
  cancelled: {},
};

/** Why a booking was cancelled: the way its seller ended the listing. */
export type CancelReason = ListingEnding;

/** What the API and the screens need of a booking to know where it stands. */
export interface BookingState {
  paid: boolean;
  cancelReason?: CancelReason | null;
}

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
  /** Booking a listing its seller ended. */
  ended: 'This listing has ended',
  /** Paying a booking that ending its listing cancelled. */
  cancelled: 'This booking was cancelled: the seller ended the listing',
  /** The listing ended (its booking cancelled) while the buyer's card went through. */
  cancelledRefunded: 'This booking was cancelled: the seller ended the listing; your card payment has been refunded',
  /** A seller's price change or ending of a car a buyer has paid for. */
  soldPriceFixed: "This car has been sold; its price and listing can't change",
} as const;

export function nextCarStatus(status: CarStatus, event: OrderEvent): CarStatus | null {
  return CAR_FLOW[status][event] ?? null;
}

export function bookingStatus(booking: BookingState): BookingStatus {
  if (booking.paid) return 'paid';
  return booking.cancelReason ? 'cancelled' : 'booked';
}

/** Another buyer paid for the car first: this (unpaid) booking can no longer be paid. */
export function soldToAnotherBuyer(booking: BookingState & { carStatus: CarStatus }): boolean {
  return bookingStatus(booking) === 'booked' && booking.carStatus === 'sold';
}

/** The car's status once its seller ends the listing this way, or null when it cannot be ended (sold, already ended). */
export function endedStatus(carStatus: CarStatus, ending: ListingEnding): CarStatus | null {
  return nextCarStatus(carStatus, ENDING_EVENT[ending]);
}

/** Still offered: a price may change and buyers may book. */
export function isListed(carStatus: CarStatus): boolean {
  return carStatus === 'available' || carStatus === 'booked';
}

export function canBook(carStatus: CarStatus): boolean {
  return nextCarStatus(carStatus, 'book') !== null;
}

export function canPay(booking: BookingState, carStatus: CarStatus): boolean {
  return BOOKING_FLOW[bookingStatus(booking)].pay !== undefined && nextCarStatus(carStatus, 'pay') !== null;
}

/** Why this booking cannot be paid now (a message for the person), or null when it can. */
export function payRefusal(booking: BookingState, carStatus: CarStatus): string | null {
  const status = bookingStatus(booking);
  if (BOOKING_FLOW[status].pay === undefined) return status === 'cancelled' ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.alreadyPaid;
  if (nextCarStatus(carStatus, 'pay') === null) return carStatus === 'sold' ? ORDER_MESSAGES.sold : ORDER_MESSAGES.ended;
  return null;
}

/**
 * What a car's status is, given the bookings it still has (used when unpaid bookings go away, their
 * buyer's account deleted): a booked car with none open left is available again. A sold car stays
 * sold, as it keeps the booking that was paid: nothing deletes a paid booking but its car's
 * deletion. An ended listing stays ended, whatever bookings it has (they are cancelled).
 */
export function carStatusFromBookings(current: CarStatus, bookings: readonly BookingState[]): CarStatus {
  if (bookings.some((booking) => booking.paid)) return 'sold';
  if (!isListed(current)) return current;
  return bookings.some((booking) => bookingStatus(booking) === 'booked') ? 'booked' : 'available';
}

// The pay step's card rules and gateway wire types live beside this file; exported from here so
// the flow stays one import for the API and the screens.
export * from './cardPayment';
