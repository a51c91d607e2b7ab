/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { within } from '@testing-library/react';
import fc from 'fast-check';
import { fakeApi } from '@usedcars/shared-api/testing';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { car } from '../../testing/fixtures';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { serveSellerCars } from '../../testing/sellerCars';
import { MyProducts } from './MyProducts';

const api = fakeApi();

test('My Products shows each car name as typed, in its own direction, with any price the API takes', async () => {
  signInAs('Seller', 'Dana Driver', 'dana@usedcars.test');
  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' }]);
  api.reply('GET', '/favourites/counts', 200, []);
  await fc.assert(
    fc.asyncProperty(fc.array(sellerText(120), { minLength: 1, maxLength: 4 }), async (names) => {
      const cars = names.map((carName, index) => car({ _id: `c${index}`, carName, currentPrice: PRICE_MAX }));
      serveSellerCars(api, { audi: cars });
      await inTable(<MyProducts />, 'My cars', (table) => {
        for (const name of names) expectSellerTextShown(table, name);
        expect(within(table).getAllByText('$10,000,000')).toHaveLength(names.length);
      });
    }),
    { numRuns: 12 },
  );
});
