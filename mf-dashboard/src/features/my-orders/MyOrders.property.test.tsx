/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { fakeApi } from '@usedcars/shared-api/testing';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { booking } from '../../testing/fixtures';
import { inTable, renderDashboard, signInAs } from '../../testing/renderDashboard';
import { MyOrders } from './MyOrders';

const api = fakeApi();

test('My Orders shows each car name as typed', async () => {
  signInAs('Buyer', 'Bob Buyer', 'bob@usedcars.test');
  await fc.assert(
    fc.asyncProperty(sellerText(120), async (carName) => {
      api.reply('GET', '/bookings', 200, [booking({ carName, currentPrice: PRICE_MAX })]);
      await inTable(<MyOrders />, 'My orders', (table) => {
        expectSellerTextShown(table, carName);
        expect(within(table).getByRole('link', { name: `PAY NOW for ${carName}` })).toBeInTheDocument();
      });
    }),
    { numRuns: 12 },
  );
});

test('a buyer with 200 orders sees 20 at a time, with a count, and can page through them all', async () => {
  signInAs('Buyer', 'Bob Buyer', 'bob@usedcars.test');
  api.reply(
    'GET',
    '/bookings',
    200,
    Array.from({ length: 200 }, (_, index) => booking({ _id: `k${index}`, carName: `Car ${index + 1}` })),
  );
  renderDashboard(<MyOrders />);
  const table = await screen.findByRole('table', { name: 'My orders' });
  expect(within(table).getAllByRole('row')).toHaveLength(21);
  expect(screen.getByText('Showing 1–20 of 200')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  const user = userEvent.setup();
  for (let page = 1; page < 10; page += 1) await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('Showing 181–200 of 200')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent(/^200.*Car 200/);
});
