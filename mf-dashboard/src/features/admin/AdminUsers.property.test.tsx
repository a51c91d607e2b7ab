/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { within } from '@testing-library/react';
import fc from 'fast-check';
import { standInApi } from '@usedcars/shared-api/testing';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from './AdminUsers';

const api = standInApi();

test('the admin tables show account names as typed', async () => {
  signInAs('admin');
  await fc.assert(
    fc.asyncProperty(sellerText(100), async (name) => {
      api.reply('GET', '/user', ({ query: { role } }) => ({ status: 200, body: [{ _id: `${role}1`, name, email: `${role}@usedcars.test`, role }] }));
      await inTable(<AdminUsers />, 'Buyers', (table) => {
        expectSellerTextShown(table, name);
        expect(within(table).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
      });
    }),
    { numRuns: 12 },
  );
});
