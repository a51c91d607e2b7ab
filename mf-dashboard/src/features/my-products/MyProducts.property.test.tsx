import { within } from '@testing-library/react';
import fc from 'fast-check';
import { fetchUserByEmail } from '@usedcars/shared-api';
import { fetchSellerCars } from '@usedcars/shared-api/cars';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { car } from '../../testing/fixtures';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { MyProducts } from './MyProducts';

jest.mock('@usedcars/shared-api', () => ({ ...jest.requireActual('@usedcars/shared-api'), fetchUserByEmail: jest.fn() }));
jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchSellerCars: jest.fn() }));

test('My Products shows each car name as typed, in its own direction, with any price the API takes', async () => {
  signInAs('Seller', 'Dana Driver', 'dana@usedcars.test');
  jest.mocked(fetchUserByEmail).mockResolvedValue({ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' });
  await fc.assert(
    fc.asyncProperty(fc.array(sellerText(120), { minLength: 1, maxLength: 4 }), async (names) => {
      const cars = names.map((carName, index) => car({ _id: `c${index}`, carName, currentPrice: PRICE_MAX }));
      jest.mocked(fetchSellerCars).mockImplementation(async (category) => (category === 'audi' ? cars : []));
      await inTable(<MyProducts />, 'My cars', (table) => {
        for (const name of names) expectSellerTextShown(table, name);
        expect(within(table).getAllByText('$10,000,000')).toHaveLength(names.length);
      });
    }),
    { numRuns: 12 },
  );
});
