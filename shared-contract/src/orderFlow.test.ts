import { ORDER_MESSAGES, canBook, soldToAnotherBuyer, canPay, carStatusAfterWithdrawal, carStatusFromBookings, nextCarStatus, payRefusal } from './orderFlow';

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

  it('follows booked → paid → sold', () => {
    expect(nextCarStatus('available', 'book')).toBe('booked');
    expect(nextCarStatus('booked', 'pay')).toBe('sold');
    expect(nextCarStatus('sold', 'book')).toBeNull();
  });

  it('derives a car status from its remaining bookings', () => {
    expect(carStatusFromBookings([])).toBe('available');
    expect(carStatusFromBookings([{ paid: false }])).toBe('booked');
    expect(carStatusFromBookings([{ paid: false }, { paid: true }])).toBe('sold');
  });

  it('frees a booked car whose last booking is withdrawn, and never un-sells a sold one', () => {
    expect(carStatusAfterWithdrawal('booked', [])).toBe('available');
    expect(carStatusAfterWithdrawal('booked', [{ paid: false }])).toBe('booked');
    expect(carStatusAfterWithdrawal('sold', [])).toBe('sold');
    expect(carStatusAfterWithdrawal('sold', [{ paid: false }])).toBe('sold');
    expect(carStatusAfterWithdrawal('available', [])).toBe('available');
    // A withdrawal is a cancel: it never books or sells a car.
    expect(carStatusAfterWithdrawal('available', [{ paid: false }])).toBe('available');
    expect(carStatusAfterWithdrawal('booked', [{ paid: true }])).toBe('booked');
  });

  it('tells a booking whose car another buyer paid for', () => {
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'sold' })).toBe(true);
    expect(soldToAnotherBuyer({ paid: true, carStatus: 'sold' })).toBe(false);
    expect(soldToAnotherBuyer({ paid: false, carStatus: 'booked' })).toBe(false);
  });
});
