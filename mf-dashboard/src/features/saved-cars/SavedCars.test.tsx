import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { ApiError } from '@usedcars/shared-api';
import { fetchFavourites, unsaveCar } from '@usedcars/shared-api/favourites';
import type { CarAnswer } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import SavedCarsPage from './SavedCarsPage';

jest.mock('@usedcars/shared-api/favourites', () => ({ fetchFavourites: jest.fn(), unsaveCar: jest.fn() }));
const loadFavourites = jest.mocked(fetchFavourites);
const unsave = jest.mocked(unsaveCar);

const saved = (overrides: Partial<CarAnswer>): CarAnswer => ({ ...car(overrides), photos: [], priceHistory: [] });
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
  jest.resetAllMocks();
  act(() => toast.remove());
  signInAs('Buyer');
});

test('lists the saved cars, each linking to its page, with its price and state', async () => {
  loadFavourites.mockResolvedValue({ cars: [civic, a4], gone: [] });
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
  loadFavourites.mockResolvedValue({ cars: [cut, a4], gone: [] });
  renderSavedCars();
  const table = await screen.findByRole('table', { name: 'Saved cars' });
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first!).getAllByRole('cell')[3]).toHaveTextContent(/^\$17,300Price dropped \$1,200 on Nov 20$/);
  expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent(/^\$21,500$/);
});

test('cars gone from the site are listed under the table with the API’s note, not as an error', async () => {
  loadFavourites.mockResolvedValue({ cars: [civic], gone: [{ carId: 'c9', carName: 'Mercedes-Benz C 300', note: 'The seller withdrew this listing' }] });
  renderSavedCars();
  const gone = await screen.findByRole('region', { name: 'No longer listed' });
  expect(gone).toHaveTextContent('Mercedes-Benz C 300: The seller withdrew this listing');
});

test('an empty list says so and links to the brand lists', async () => {
  loadFavourites.mockResolvedValue({ cars: [], gone: [] });
  renderSavedCars();
  expect(await screen.findByText(/No saved cars yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Honda' })).toHaveAttribute('href', '/hondas');
});

test('a failure shows the reason and Retry', async () => {
  loadFavourites.mockRejectedValueOnce(new ApiError('The API is not answering', 503)).mockResolvedValue({ cars: [civic], gone: [] });
  renderSavedCars();
  expect(await screen.findByText('We could not load saved cars.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
  expect(await screen.findByRole('link', { name: 'Honda Civic LX' })).toBeInTheDocument();
});

test('Remove takes the car off the list', async () => {
  loadFavourites.mockResolvedValueOnce({ cars: [civic, a4], gone: [] }).mockResolvedValue({ cars: [a4], gone: [] });
  unsave.mockResolvedValue({ carId: 'c1', saved: false });
  renderSavedCars();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Honda Civic LX' }));
  expect(unsave).toHaveBeenCalledWith('c1');
  expect(screen.queryByRole('link', { name: 'Honda Civic LX' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Audi A4 Premium' })).toBeInTheDocument();
});

test('a refused removal brings the car back and says why', async () => {
  loadFavourites.mockResolvedValue({ cars: [civic, a4], gone: [] });
  unsave.mockRejectedValue(new ApiError('Too many changes; try again later', 429));
  renderSavedCars();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Honda Civic LX' }));
  expect(unsave).toHaveBeenCalledWith('c1');
  expect(await screen.findByText('Could not remove Honda Civic LX: Too many changes; try again later')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Honda Civic LX' })).toBeInTheDocument();
});

test('a Seller is told the screen is for buyers', () => {
  signInAs('Seller');
  renderSavedCars();
  expect(screen.getByText('Only buyer accounts save cars.')).toBeInTheDocument();
  expect(loadFavourites).not.toHaveBeenCalled();
});
