/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import fc from 'fast-check';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { booking } from '../../testing/fixtures';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { MyBuyers } from './MyBuyers';
import { fakeApi } from '@usedcars/shared-api/testing';

const api = fakeApi();

test("My Buyers shows the buyer's name, meeting address and the car as typed", async () => {
  signInAs('Seller');
  await fc.assert(
    fc.asyncProperty(sellerText(100), sellerText(300), sellerText(120), async (name, address, carName) => {
      api.reply('GET', '/myBuyers', 200, [booking({ name, address, carName })]);
      await inTable(<MyBuyers />, 'Bookings of my cars', (table) => {
        for (const text of [name, address, carName]) expectSellerTextShown(table, text);
      });
    }),
    { numRuns: 12 },
  );
});
