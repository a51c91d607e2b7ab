/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import { booking } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import MyBuyersPage from './MyBuyersPage';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { tableCells } from '../../testing/tableCells';

const api = fakeApi();

beforeEach(() => {
  signInAs('Seller');
});

test('shows a spinner while the bookings load', () => {
  api.reply('GET', '/myBuyers', NO_RESPONSE);
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  expect(screen.getByRole('heading', { level: 1, name: 'My Buyers' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading bookings of my cars…');
});

test('says so when nobody has booked a car yet', async () => {
  api.reply('GET', '/myBuyers', 200, []);
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  expect(await screen.findByText('Nobody has booked one of your cars yet.')).toBeInTheDocument();
});

test("lists who booked the seller's cars, how to reach them and whether they paid", async () => {
  api.reply('GET', '/myBuyers', 200, [
    booking({ _id: 'k1' }),
    booking({
      _id: 'k2',
      name: 'Bea Buyer',
      email: 'bea@usedcars.test',
      phone: '(512) 555-0142',
      address: '9 Elm Rd',
      carName: 'Honda Civic EX',
      currentPrice: 18000,
      paid: true,
    }),
  ]);
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  const table = await screen.findByRole('table', { name: 'Bookings of my cars' });
  // The seller is named by the access token, not by the address.
  expect(api.requests.map((sent) => [sent.method, sent.path, sent.query, sent.headers.authorization])).toEqual([
    ['GET', '/myBuyers', {}, `Bearer ${FAKE_TOKEN}`],
  ]);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Sl No', 'Buyer', 'Email', 'Phone', 'Meeting address', 'Car', 'Price', 'Paid']);
  const rows = tableCells(table);
  expect(rows).toEqual([
    ['1', 'Bob Buyer', 'bob@usedcars.test', '+1 415 555 0199', '1 Market St', 'Audi A4 2.0 TFSI Premium', '$21,500', 'Not paid'],
    ['2', 'Bea Buyer', 'bea@usedcars.test', '(512) 555-0142', '9 Elm Rd', 'Honda Civic EX', '$18,000', 'Paid'],
  ]);
  expect(within(table).getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:5125550142');
});

test('a booking whose car went to another buyer says so, next to the sale and a cancelled one', async () => {
  api.reply('GET', '/myBuyers', 200, [
    booking({ _id: 'k1', name: 'Bob Buyer', carStatus: 'sold' }),
    booking({ _id: 'k2', name: 'Bea Buyer', paid: true, transactionId: 'pi_1', carStatus: 'sold' }),
    booking({ _id: 'k3', name: 'Cy Buyer', carStatus: 'withdrawn', cancelReason: 'withdrawn', cancelledAt: '2026-11-20T10:00:00.000Z' }),
  ]);
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  const table = await screen.findByRole('table', { name: 'Bookings of my cars' });
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[1]?.textContent, cells.at(-1)?.textContent];
    });
  expect(rows).toEqual([
    ['Bob Buyer', 'Sold to another buyer'],
    ['Bea Buyer', 'Paid'],
    ['Cy Buyer', 'Cancelled'],
  ]);
});

test('a failed load says why, with Retry', async () => {
  api.reply('GET', '/myBuyers', 403, { message: 'Only Seller or admin accounts can see their buyers' });
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Only Seller or admin accounts can see their buyers');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
});

test('a buyer who opens My Buyers is told it is for sellers, and nothing is fetched', () => {
  signInAs('Buyer');
  renderDashboard(<MyBuyersPage />, { path: '/dashboard/myBuyer' });
  expect(screen.getByText('Only sellers have buyers.')).toBeInTheDocument();
  expect(api.requests).toEqual([]);
});
