import type { Booking, Car } from '@usedcars/shared-contract';

/** A booking as the API returns it, for the front ends' tests: each test overrides what it asserts on. */
export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: 'k1',
    carId: 'c1',
    name: 'Bob Buyer',
    email: 'bob@usedcars.test',
    img: '/images/audi-a4.svg',
    currentPrice: 21500,
    carName: 'Audi A4 2.0 TFSI Premium',
    phone: '+1 415 555 0199',
    address: '1 Market St',
    paid: false,
    transactionId: null,
    carStatus: 'booked',
    cancelReason: null,
    cancelledAt: null,
    ...overrides,
  };
}

/** A car as the API returns it, for the front ends' tests. */
export function carFixture(overrides: Partial<Car> = {}): Car {
  return {
    _id: 'c1',
    carName: 'Audi A4 2.0 TFSI Premium',
    img: '/images/audi-a4.svg',
    currentPrice: 21500,
    price: 41200,
    purchaseYear: '2019',
    condition: 'Good',
    contact: '+1 415 555 0100',
    details: 'One owner.',
    location: 'Austin',
    used: '4 years',
    sellerName: 'Dana Driver',
    time: '2025-01-10',
    categoryName: 'audi',
    status: 'available',
    mileage: 48_000,
    fuel: 'petrol',
    gearbox: 'automatic',
    body: 'saloon',
    colour: 'blue',
    previousOwners: 1,
    market: { estimate: null, comparables: 0, rating: null },
    ...overrides,
  };
}
