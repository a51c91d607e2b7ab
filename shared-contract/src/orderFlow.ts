// The one definition of the order flow (docs/product.md, "The order flow").
export const CAR_STATUSES = ['available', 'booked', 'sold', 'withdrawn', 'soldElsewhere'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

export const BOOKING_STATUSES = ['booked', 'paid', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type OrderEvent = 'book' | 'pay' | 'cancel' | 'withdraw' | 'sellElsewhere';

export const LISTING_ENDINGS = ['withdrawn', 'soldElsewhere'] as const;
export type ListingEnding = (typeof LISTING_ENDINGS)[number];

const ENDING_EVENT: Record<ListingEnding, OrderEvent> = { withdrawn: 'withdraw', soldElsewhere: 'sellElsewhere' };

/** Car status after an event; a missing entry means the event is not allowed. */
export const CAR_FLOW: Record<CarStatus, Partial<Record<OrderEvent, CarStatus>>> = {
  available: { book: 'booked', withdraw: 'withdrawn', sellElsewhere: 'soldElsewhere' },
  booked: { book: 'booked', pay: 'sold', cancel: 'available', withdraw: 'withdrawn', sellElsewhere: 'soldElsewhere' },
  sold: {},
  withdrawn: {},
  soldElsewhere: {},
};

export const BOOKING_FLOW: Record<BookingStatus, Partial<Record<OrderEvent, BookingStatus>>> = {
  booked: { pay: 'paid', cancel: 'cancelled' },
  paid: {},
  cancelled: {},
};

export type CancelReason = ListingEnding;

export interface BookingState {
  paid: boolean;
  cancelReason?: CancelReason | null;
}

export const ORDER_MESSAGES = {
  sold: 'This car has already been sold',
  alreadyBooked: 'You have already booked this car',
  alreadyPaid: 'This booking is already paid',
  paymentNotSucceeded: 'The card payment has not succeeded',
  soldRefunded: 'This car has already been sold; your card payment has been refunded',
  bookingGoneRefunded: 'This booking no longer exists; your card payment has been refunded',
  ended: 'This listing has ended',
  cancelled: 'This booking was cancelled: the seller ended the listing',
  cancelledRefunded: 'This booking was cancelled: the seller ended the listing; your card payment has been refunded',
  soldPriceFixed: "This car has been sold; its price and listing can't change",
} as const;

export function nextCarStatus(status: CarStatus, event: OrderEvent): CarStatus | null {
  return CAR_FLOW[status][event] ?? null;
}

export function bookingStatus(booking: BookingState): BookingStatus {
  if (booking.paid) return 'paid';
  return booking.cancelReason ? 'cancelled' : 'booked';
}

export function soldToAnotherBuyer(booking: BookingState & { carStatus: CarStatus }): boolean {
  return bookingStatus(booking) === 'booked' && booking.carStatus === 'sold';
}

export function endedStatus(carStatus: CarStatus, ending: ListingEnding): CarStatus | null {
  return nextCarStatus(carStatus, ENDING_EVENT[ending]);
}

export function isListed(carStatus: CarStatus): boolean {
  return carStatus === 'available' || carStatus === 'booked';
}

export function canBook(carStatus: CarStatus): boolean {
  return nextCarStatus(carStatus, 'book') !== null;
}

export function canPay(booking: BookingState, carStatus: CarStatus): boolean {
  return BOOKING_FLOW[bookingStatus(booking)].pay !== undefined && nextCarStatus(carStatus, 'pay') !== null;
}

export function payRefusal(booking: BookingState, carStatus: CarStatus): string | null {
  const status = bookingStatus(booking);
  if (BOOKING_FLOW[status].pay === undefined) return status === 'cancelled' ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.alreadyPaid;
  if (nextCarStatus(carStatus, 'pay') === null) return carStatus === 'sold' ? ORDER_MESSAGES.sold : ORDER_MESSAGES.ended;
  return null;
}

// Sold stays sold: only the car's own deletion removes a paid booking.
export function carStatusFromBookings(current: CarStatus, bookings: readonly BookingState[]): CarStatus {
  if (bookings.some((booking) => booking.paid)) return 'sold';
  if (!isListed(current)) return current;
  return bookings.some((booking) => bookingStatus(booking) === 'booked') ? 'booked' : 'available';
}

// The flow stays one import for the API and the screens.
export * from './cardPayment';
