import {
  BOOKING_FLOW,
  ORDER_MESSAGES,
  bookingStatus,
  canBook,
  soldToAnotherBuyer,
  canPay,
  carStatusFromBookings,
  endedStatus,
  isListed,
  nextCarStatus,
  payRefusal,
} from './orderFlow';

describe('order flow', () => {
  it('books available and booked cars, never sold ones', () => {
    expect(canBook('available')).toBe(true);
    expect(canBook('booked')).toBe(true);
    expect(canBook('sold')).toBe(false);
  });

  it('pays an unpaid booking of a car not yet sold', () => {
    expect(canPay({ paid: false }, 'booked')).toBe(true);
    expect(canPay({ paid: true }, 'booked')).toBe(false);
    expect(canPay({ paid: false }, 'sold')).toBe(false);
  });

  it('says why a booking cannot be paid', () => {
    expect(payRefusal({ paid: false }, 'booked')).toBeNull();
    expect(payRefusal({ paid: true }, 'sold')).toBe(ORDER_MESSAGES.alreadyPaid);
    expect(payRefusal({ paid: false }, 'sold')).toBe(ORDER_MESSAGES.sold);
    expect(payRefusal({ paid: false }, 'withdrawn')).toBe(ORDER_MESSAGES.ended);
    expect(payRefusal({ paid: false, cancelReason: 'soldElsewhere' }, 'soldElsewhere')).toBe(ORDER_MESSAGES.cancelled);
  });

  it('cancels an unpaid booking when its listing ends; a paid or cancelled one has no way out', () => {
    expect(BOOKING_FLOW.booked.cancel).toBe('cancelled');
    expect(BOOKING_FLOW.paid.cancel).toBeUndefined();
    expect(BOOKING_FLOW.cancelled).toEqual({});
    expect(bookingStatus({ paid: false, cancelReason: 'withdrawn' })).toBe('cancelled');
    expect(bookingStatus({ paid: false, cancelReason: null })).toBe('booked');
    expect(bookingStatus({ paid: true })).toBe('paid');
    expect(canPay({ paid: false, cancelReason: 'withdrawn' }, 'withdrawn')).toBe(false);
    expect(soldToAnotherBuyer({ paid: false, cancelReason: 'withdrawn', carStatus: 'withdrawn' })).toBe(false);
  });

  it('lets a seller end an unsold listing as withdrawn or sold elsewhere, once, and never book it again', () => {
    expect(endedStatus('available', 'withdrawn')).toBe('withdrawn');
    expect(endedStatus('booked', 'soldElsewhere')).toBe('soldElsewhere');
    expect(endedStatus('sold', 'withdrawn')).toBeNull();
    expect(endedStatus('withdrawn', 'soldElsewhere')).toBeNull();
    expect(canBook('withdrawn')).toBe(false);
    expect(canBook('soldElsewhere')).toBe(false);
    expect(['available', 'booked', 'sold', 'withdrawn', 'soldElsewhere'].map((status) => isListed(status as never))).toEqual([true, true, false, false, false]);
  });

  it('follows booked → paid → sold', () => {
    expect(nextCarStatus('available', 'book')).toBe('booked');
    expect(nextCarStatus('booked', 'pay')).toBe('sold');
    expect(nextCarStatus('sold', 'book')).toBeNull();
  });

  it('derives a car status from its remaining bookings: freed when none is left, never un-sold', () => {
    expect(carStatusFromBookings('booked', [])).toBe('available');
    expect(carStatusFromBookings('booked', [{ paid: false }])).toBe('booked');
    // A sold car keeps its paid booking, whichever unpaid ones are withdrawn beside it.
    expect(carStatusFromBookings('sold', [{ paid: true }])).toBe('sold');
    expect(carStatusFromBookings('sold', [{ paid: false }, { paid: true }])).toBe('sold');
  });

  it('keeps an ended listing ended, whatever bookings it keeps or loses', () => {
    expect(carStatusFromBookings('withdrawn', [])).toBe('withdrawn');
    expect(carStatusFromBookings('soldElsewhere', [{ paid: false, cancelReason: 'soldElsewhere' }])).toBe('soldElsewhere');
    expect(carStatusFromBookings('booked', [{ paid: false, cancelReason: 'withdrawn' }])).toBe('available');
  });

  it('tells a booking whose car another buyer paid for', () => {
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'sold' })).toBe(true);
    expect(soldToAnotherBuyer({ paid: true, carStatus: 'sold' })).toBe(false);
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'booked' })).toBe(false);
  });
});
