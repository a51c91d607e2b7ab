import { within } from '@testing-library/react';
import fc from 'fast-check';
import { listUsersByRole } from '@usedcars/shared-api';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { inTable, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from './AdminUsers';

jest.mock('@usedcars/shared-api', () => ({ ...jest.requireActual('@usedcars/shared-api'), listUsersByRole: jest.fn() }));

test('the admin tables show account names as typed', async () => {
  signInAs('admin');
  await fc.assert(
    fc.asyncProperty(sellerText(100), async (name) => {
      jest.mocked(listUsersByRole).mockImplementation(async (role) => [{ _id: `${role}1`, name, email: `${role}@usedcars.test`, role }]);
      await inTable(<AdminUsers />, 'Buyers', (table) => {
        expectSellerTextShown(table, name);
        expect(within(table).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
      });
    }),
    { numRuns: 12 },
  );
});
