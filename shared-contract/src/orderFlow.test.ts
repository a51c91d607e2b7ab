import { ORDER_MESSAGES, canBook, soldToAnotherBuyer, canPay, carStatusFromBookings, endedStatus, isListed, nextCarStatus, payRefusal } from './orderFlow';

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
    expect(carStatusFromBookings([])).toBe('available');
    expect(carStatusFromBookings([{ paid: false }])).toBe('booked');
    // A sold car keeps its paid booking, whichever unpaid ones are withdrawn beside it.
    expect(carStatusFromBookings([{ paid: true }])).toBe('sold');
    expect(carStatusFromBookings([{ paid: false }, { paid: true }])).toBe('sold');
  });

  it('tells a booking whose car another buyer paid for', () => {
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'sold' })).toBe(true);
    expect(soldToAnotherBuyer({ paid: true, carStatus: 'sold' })).toBe(false);
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'booked' })).toBe(false);
  });
});
