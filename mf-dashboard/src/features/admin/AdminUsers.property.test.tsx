/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { within } from '@testing-library/react';
import fc from 'fast-check';
import { fakeApi } from '@usedcars/shared-api/testing';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from './AdminUsers';

const api = fakeApi();

test('the admin tables show account names as typed', async () => {
  signInAs('admin');
  await fc.assert(
    fc.asyncProperty(sellerText(100), async (name) => {
      // As the API: a list per role asked for, a 400 for anything else.
      api.reply('GET', '/user', ({ query: { role } }) =>
        role === 'Buyer' || role === 'Seller'
          ? { status: 200, body: [{ _id: `${role}1`, name, email: `${role}@usedcars.test`, role }] }
          : { status: 400, body: { message: 'querystring/role must be equal to one of the allowed values' } },
      );
      await inTable(<AdminUsers />, 'Buyers', (table) => {
        expectSellerTextShown(table, name);
        expect(within(table).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
      });
    }),
    { numRuns: 12 },
  );
});
