/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { fakeApi } from '@usedcars/shared-api/testing';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { formatPrice } from '@usedcars/shared-ui';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { CarCard } from './CarCard';
import { makeCar, renderAt, signInAs } from '../testing/renderCatalog';

const api = fakeApi();

// The buyer's saved cars: none.
beforeEach(() => api.reply('GET', '/favourites', 200, { cars: [], gone: [] }));

const sellerCar = fc.record({
  carName: sellerText(120),
  location: sellerText(120),
  used: sellerText(60),
  sellerName: sellerText(100),
  currentPrice: fc.constantFrom(0.01, 19.99, 1_234_567.89, PRICE_MAX),
  price: fc.constantFrom(1, 99_999.5, PRICE_MAX),
});

test('a card shows whatever the seller typed, each in its own direction, and any price the API takes', () => {
  fc.assert(
    fc.property(sellerCar, fc.constantFrom('Buyer', 'visitor'), (fields, who) => {
      signInAs(who);
      const car = makeCar(fields);
      renderAt('/audis', <CarCard car={car} onBook={jest.fn()} />);
      try {
        const card = screen.getByRole('article');
        for (const text of [fields.carName, fields.location, fields.used, fields.sellerName]) expectSellerTextShown(card, text);
        expect(card).toHaveTextContent(formatPrice(fields.currentPrice));
      } finally {
        cleanup();
      }
    }),
    { numRuns: 25 },
  );
});

test('the dearest car the API takes shows $10,000,000 on its card', () => {
  signInAs('visitor');
  renderAt('/audis', <CarCard car={makeCar({ currentPrice: PRICE_MAX, price: PRICE_MAX })} onBook={jest.fn()} />);
  expect(screen.getAllByText('$10,000,000')).toHaveLength(2);
});
