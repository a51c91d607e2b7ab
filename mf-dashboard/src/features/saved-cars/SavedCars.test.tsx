/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { FAKE_TOKEN, fakeApi, type FakeResponse } from '@usedcars/shared-api/testing';
import type { CarResponse, Favourites } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import SavedCarsPage from './SavedCarsPage';

const api = fakeApi();
/** The buyer's saved cars as the fake holds them; a removal it accepts takes the car out. */
let favourites: Favourites;

const saved = (overrides: Partial<CarResponse>): CarResponse => ({ ...car(overrides), photos: [], priceHistory: [] }) as CarResponse;
const civic = saved({ _id: 'c1', carName: 'Honda Civic LX', categoryName: 'honda', currentPrice: 18500 });
const a4 = saved({ _id: 'c2', carName: 'Audi A4 Premium', status: 'sold' });

function renderSavedCars() {
  return renderDashboard(
    <>
      <SavedCarsPage />
      <Toaster />
    </>,
    { path: '/dashboard/savedCars' },
  );
}

beforeEach(() => {
  act(() => toast.remove());
  signInAs('Buyer');
  api.reply('GET', '/favourites', () => ({ status: 200, body: favourites }));
});

/** DELETE /favourites/:id returns this, and takes the car out when it is a success. */
function onRemove(carId: string, response: FakeResponse) {
  api.reply('DELETE', `/favourites/${carId}`, () => {
    if (response.status === 200) favourites = { ...favourites, cars: favourites.cars.filter((saved) => saved._id !== carId) };
    return response;
  });
}

test('lists the saved cars, each linking to its page, with its price and state', async () => {
  favourites = { cars: [civic, a4], gone: [] };
  renderSavedCars();
  expect(screen.getByRole('heading', { level: 1, name: 'Saved cars' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Saved cars' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['1', '', 'Honda Civic LX', '$18,500', 'Available', 'Remove'],
    ['2', '', 'Audi A4 Premium', '$21,500', 'Sold', 'Remove'],
  ]);
  expect(within(table).getByRole('link', { name: 'Honda Civic LX' })).toHaveAttribute('href', '/hondas/c1');
  expect(api.requests.map((sent) => [sent.method, sent.path, sent.headers.authorization])).toEqual([['GET', '/favourites', `Bearer ${FAKE_TOKEN}`]]);
});

test('a saved car whose price was cut says by how much and when, under its price', async () => {
  const cut = {
    ...civic,
    currentPrice: 17300,
    priceHistory: [
      { price: 18500, at: '2026-11-01T09:00:00.000Z' },
      { price: 17300, at: '2026-11-20T12:00:00.000Z' },
    ],
  };
  favourites = { cars: [cut, a4], gone: [] };
  renderSavedCars();
  const table = await screen.findByRole('table', { name: 'Saved cars' });
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first!).getAllByRole('cell')[3]).toHaveTextContent(/^\$17,300Price dropped \$1,200 on Nov 20$/);
  expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent(/^\$21,500$/);
});

test('cars gone from the site are listed under the table with the API’s note, not as an error', async () => {
  favourites = { cars: [civic], gone: [{ carId: 'c9', carName: 'Mercedes-Benz C 300', note: 'The seller withdrew this listing' }] };
  renderSavedCars();
  const gone = await screen.findByRole('region', { name: 'No longer listed' });
  expect(gone).toHaveTextContent('Mercedes-Benz C 300: The seller withdrew this listing');
});

test('an empty list says so and links to the brand lists', async () => {
  favourites = { cars: [], gone: [] };
  renderSavedCars();
  expect(await screen.findByText(/No saved cars yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Honda' })).toHaveAttribute('href', '/hondas');
});

test('a failure shows the reason and Retry', async () => {
  favourites = { cars: [civic], gone: [] };
  let down = true;
  api.reply('GET', '/favourites', () => (down ? { status: 503, body: { message: 'The API is not responding' } } : { status: 200, body: favourites }));
  renderSavedCars();
  expect(await screen.findByText('We could not load saved cars.')).toBeInTheDocument();
  down = false;
  await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
  expect(await screen.findByRole('link', { name: 'Honda Civic LX' })).toBeInTheDocument();
});

test('Remove takes the car off the list', async () => {
  favourites = { cars: [civic, a4], gone: [] };
  onRemove('c1', { status: 200, body: { carId: 'c1', saved: false } });
  renderSavedCars();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Honda Civic LX' }));
  await waitFor(() => expect(api.sent('DELETE', '/favourites/c1')).toHaveLength(1));
  expect(screen.queryByRole('link', { name: 'Honda Civic LX' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Audi A4 Premium' })).toBeInTheDocument();
});

test('a refused removal brings the car back and says why', async () => {
  favourites = { cars: [civic, a4], gone: [] };
  onRemove('c1', { status: 429, body: { message: 'Too many changes; try again later' } });
  renderSavedCars();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Honda Civic LX' }));
  expect(await screen.findByText('Could not remove Honda Civic LX: Too many changes; try again later')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Honda Civic LX' })).toBeInTheDocument();
  expect(api.sent('DELETE', '/favourites/c1')).toHaveLength(1);
});

test('a Seller is told the screen is for buyers', () => {
  signInAs('Seller');
  renderSavedCars();
  expect(screen.getByText('Only buyer accounts save cars.')).toBeInTheDocument();
  expect(api.requests).toEqual([]);
});
