/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { Route, Routes } from 'react-router-dom';
import { fakeApi } from '@usedcars/shared-api/testing';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import CarDetailPage from './CarDetailPage';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = fakeApi();

const SELLER_FIELDS = { carName: 120, details: 2000, condition: 60, used: 60, location: 120, contact: 120, sellerName: 100 } as const;
const sellerCar = fc.record(
  Object.fromEntries(Object.entries(SELLER_FIELDS).map(([field, max]) => [field, sellerText(max)])) as {
    [field in keyof typeof SELLER_FIELDS]: fc.Arbitrary<string>;
  },
);

test("the car's page shows every field the seller typed, each in its own direction", async () => {
  signInAs('visitor');
  await fc.assert(
    fc.asyncProperty(sellerCar, async (fields) => {
      const car = makeCar({ ...fields, currentPrice: PRICE_MAX, price: PRICE_MAX });
      // Through JSON as the API sends it: what the seller typed must survive the wire too.
      api.reply('GET', `/audis/${car._id}`, 200, car);
      renderAt(
        `/audis/${car._id}`,
        <Routes>
          <Route path="/:brand/:id" element={<CarDetailPage category="audi" />} />
        </Routes>,
      );
      try {
        const page = (await screen.findByRole('heading', { level: 1 })).closest('article')!;
        for (const field of Object.keys(SELLER_FIELDS) as (keyof typeof SELLER_FIELDS)[]) expectSellerTextShown(page, car[field]);
        expect(page).toHaveTextContent('$10,000,000');
      } finally {
        cleanup();
      }
    }),
    { numRuns: 15 },
  );
});
