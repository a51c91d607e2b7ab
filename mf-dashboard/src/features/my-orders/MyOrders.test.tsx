/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { booking } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { MyOrders, mayPayNow } from './MyOrders';

const api = fakeApi();

beforeEach(() => {
  signInAs('Buyer', 'Bob Buyer', 'bob@usedcars.test');
});

test('shows a spinner while the orders load', () => {
  api.reply('GET', '/bookings', NO_RESPONSE);
  renderDashboard(<MyOrders />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading my orders…');
});

test('with no bookings it points to the brand lists', async () => {
  api.reply('GET', '/bookings', 200, []);
  renderDashboard(<MyOrders />);
  expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Mercedes-Benz' })).toHaveAttribute('href', '/mercedes');
});

test('lists the orders: PAY NOW for an unpaid booking, Paid for a paid one', async () => {
  api.reply('GET', '/bookings', 200, [
    booking({ _id: 'k1', carName: 'Audi A4 2.0 TFSI Premium', currentPrice: 21500 }),
    booking({ _id: 'k2', carName: 'Honda Civic EX', currentPrice: 18250.5, paid: true, transactionId: 'pi_1' }),
  ]);
  renderDashboard(<MyOrders />);
  const table = await screen.findByRole('table', { name: 'My orders' });
  expect(api.requests.map((sent) => [sent.method, sent.path, sent.query, sent.headers.authorization])).toEqual([
    ['GET', '/bookings', { email: 'bob@usedcars.test' }, `Bearer ${FAKE_TOKEN}`],
  ]);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Sl No', 'Image', 'Title', 'Price', 'Status']);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(
    within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['1', '', 'Audi A4 2.0 TFSI Premium', '$21,500', 'PAY NOW']);
  expect(within(first!).getByRole('link', { name: 'PAY NOW for Audi A4 2.0 TFSI Premium' })).toHaveAttribute('href', '/dashboard/payment/k1');
  expect(
    within(second!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['2', '', 'Honda Civic EX', '$18,250.50', 'Paid']);
  expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
  // The picture is decorative (the Title names the car); it comes from the API's /images/.
  expect(first!.querySelector('img')).toHaveAttribute('src', `${api.base}/images/audi-a4.svg`);
});

test('PAY NOW needs a price, an unpaid booking and a car nobody has bought yet', () => {
  expect(mayPayNow(booking())).toBe(true);
  expect(mayPayNow(booking({ paid: true }))).toBe(false);
  expect(mayPayNow(booking({ currentPrice: 0 }))).toBe(false);
  expect(mayPayNow(booking({ carStatus: 'sold' }))).toBe(false);
});

test('a booking whose car another buyer bought says so instead of offering PAY NOW', async () => {
  api.reply('GET', '/bookings', 200, [
    booking({ _id: 'k1', carName: 'Audi A4 2.0 TFSI Premium', carStatus: 'sold' }),
    booking({ _id: 'k2', carName: 'Honda Civic EX', paid: true, transactionId: 'pi_1', carStatus: 'sold' }),
  ]);
  renderDashboard(<MyOrders />);
  const table = await screen.findByRole('table', { name: 'My orders' });
  const [lost, bought] = within(table).getAllByRole('row').slice(1);
  expect(within(lost!).getAllByRole('cell').at(-1)).toHaveTextContent(/^Sold to another buyer$/);
  expect(within(lost!).queryByRole('link')).not.toBeInTheDocument();
  expect(within(bought!).getAllByRole('cell').at(-1)).toHaveTextContent(/^Paid$/);
});

test('a booking cancelled when its seller ended the listing says Cancelled and why, with no PAY NOW', async () => {
  api.reply('GET', '/bookings', 200, [
    booking({ _id: 'k1', carName: 'Audi A4 2.0 TFSI Premium', carStatus: 'withdrawn', cancelReason: 'withdrawn', cancelledAt: '2026-11-20T10:00:00.000Z' }),
    booking({ _id: 'k2', carName: 'Honda Civic EX', carStatus: 'soldElsewhere', cancelReason: 'soldElsewhere', cancelledAt: '2026-11-21T10:00:00.000Z' }),
  ]);
  renderDashboard(<MyOrders />);
  const table = await screen.findByRole('table', { name: 'My orders' });
  const [withdrawn, elsewhere] = within(table).getAllByRole('row').slice(1);
  expect(within(withdrawn!).getAllByRole('cell').at(-1)).toHaveTextContent(/^CancelledThe seller withdrew this car$/);
  expect(within(elsewhere!).getAllByRole('cell').at(-1)).toHaveTextContent(/^CancelledThe seller sold this car elsewhere$/);
  expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  expect(mayPayNow(booking({ carStatus: 'withdrawn', cancelReason: 'withdrawn' }))).toBe(false);
});

test('a failed load says why and Retry loads again', async () => {
  const user = userEvent.setup();
  let refused = true;
  api.reply('GET', '/bookings', () =>
    refused ? { status: 403, body: { message: 'You can only read your own bookings' } } : { status: 200, body: [booking()] },
  );
  renderDashboard(<MyOrders />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load my orders. You can only read your own bookings');
  refused = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'My orders' })).toBeInTheDocument();
});
