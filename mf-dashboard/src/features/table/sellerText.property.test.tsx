import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { fetchUserByEmail, listUsersByRole } from '@usedcars/shared-api';
import { fetchBookings, fetchMyBuyers } from '@usedcars/shared-api/bookings';
import { fetchSellerCars } from '@usedcars/shared-api/cars';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import { booking, car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from '../admin/AdminUsers';
import { MyBuyers } from '../my-buyers/MyBuyers';
import { MyOrders } from '../my-orders/MyOrders';
import { MyProducts } from '../my-products/MyProducts';

jest.mock('@usedcars/shared-api', () => ({ ...jest.requireActual('@usedcars/shared-api'), fetchUserByEmail: jest.fn(), listUsersByRole: jest.fn() }));
jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchSellerCars: jest.fn() }));
jest.mock('@usedcars/shared-api/bookings', () => ({
  ...jest.requireActual('@usedcars/shared-api/bookings'),
  fetchBookings: jest.fn(),
  fetchMyBuyers: jest.fn(),
}));

/** Renders a table screen, waits for its rows, checks them, and always cleans up for the next run. */
async function inTable(ui: React.ReactElement, caption: string, check: (table: HTMLElement) => void) {
  renderDashboard(ui);
  try {
    check(await screen.findByRole('table', { name: caption }));
  } finally {
    cleanup();
  }
}

const runs = { numRuns: 12 };

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
    runs,
  );
});

test('My Orders shows each car name as typed', async () => {
  signInAs('Buyer', 'Bob Buyer', 'bob@usedcars.test');
  await fc.assert(
    fc.asyncProperty(sellerText(120), async (carName) => {
      jest.mocked(fetchBookings).mockResolvedValue([booking({ carName, currentPrice: PRICE_MAX })]);
      await inTable(<MyOrders />, 'My orders', (table) => {
        expectSellerTextShown(table, carName);
        expect(within(table).getByRole('link', { name: `PAY NOW for ${carName}` })).toBeInTheDocument();
      });
    }),
    runs,
  );
});

test("My Buyers shows the buyer's name, meeting address and the car as typed", async () => {
  signInAs('Seller');
  await fc.assert(
    fc.asyncProperty(sellerText(100), sellerText(300), sellerText(120), async (name, address, carName) => {
      jest.mocked(fetchMyBuyers).mockResolvedValue([booking({ name, address, carName })]);
      await inTable(<MyBuyers />, 'Bookings of my cars', (table) => {
        for (const text of [name, address, carName]) expectSellerTextShown(table, text);
      });
    }),
    runs,
  );
});

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
    runs,
  );
});

test('a buyer with 200 orders sees 20 at a time, with a count, and can page through them all', async () => {
  signInAs('Buyer', 'Bob Buyer', 'bob@usedcars.test');
  jest.mocked(fetchBookings).mockResolvedValue(Array.from({ length: 200 }, (_, index) => booking({ _id: `k${index}`, carName: `Car ${index + 1}` })));
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
