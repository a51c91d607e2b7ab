import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '@usedcars/shared-api';
import { fetchFavourites, saveCar, unsaveCar } from '@usedcars/shared-api/favourites';
import type { LoginRedirectState } from '@usedcars/shared-auth';
import { SaveCarButton } from './SaveCarButton';
import { makeCar, renderAt, signInAs } from '../testing/renderCatalog';

jest.mock('@usedcars/shared-api/favourites', () => ({ fetchFavourites: jest.fn(), saveCar: jest.fn(), unsaveCar: jest.fn() }));
const loadFavourites = jest.mocked(fetchFavourites);
const save = jest.mocked(saveCar);
const unsave = jest.mocked(unsaveCar);

const car = makeCar({ carName: 'Audi A3 Sportback' });

function LoginStandIn() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <p>Login page, then back to {from?.pathname}</p>;
}

function renderHeart() {
  return renderAt(
    '/audis',
    <>
      <Routes>
        <Route path="/audis" element={<SaveCarButton car={car} />} />
        <Route path="/login" element={<LoginStandIn />} />
      </Routes>
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  act(() => toast.remove());
  // What the API keeps: the list answers what the last save or removal left.
  let saved = false;
  loadFavourites.mockImplementation(async () => ({ cars: saved ? [{ ...car, photos: [], priceHistory: [] }] : [], gone: [] }));
  save.mockImplementation(async () => ({ carId: car._id, saved: (saved = true) }));
  unsave.mockImplementation(async () => ({ carId: car._id, saved: (saved = false) }));
});

test('a Buyer saves a car with the heart, a toggle button', async () => {
  signInAs('Buyer');
  renderHeart();
  const heart = await screen.findByRole('button', { name: 'Save car' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(heart);
  expect(save).toHaveBeenCalledWith(car._id);
  expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
});

test('a saved car shows Saved, and pressing it from the keyboard removes it', async () => {
  signInAs('Buyer');
  await saveCar(car._id);
  renderHeart();
  const heart = await screen.findByRole('button', { name: 'Saved' });
  heart.focus();
  await userEvent.keyboard('{Enter}');
  expect(unsave).toHaveBeenCalledWith(car._id);
  expect(await screen.findByRole('button', { name: 'Save car' })).toHaveAttribute('aria-pressed', 'false');
});

test('a refused save puts the heart back and says why', async () => {
  signInAs('Buyer');
  save.mockRejectedValue(new ApiError('You have 500 saved cars, the most you can keep; remove one to save another.', 409));
  renderHeart();
  await userEvent.click(await screen.findByRole('button', { name: 'Save car' }));
  expect(await screen.findByText(/Could not save Audi A3 Sportback: You have 500 saved cars/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save car' })).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor who presses the heart goes to the login, which returns to this car', async () => {
  signInAs('visitor');
  renderHeart();
  await userEvent.click(screen.getByRole('button', { name: 'Save car' }));
  expect(screen.getByText(`Login page, then back to /audis/${car._id}`)).toBeInTheDocument();
  expect(save).not.toHaveBeenCalled();
});

test.each(['Seller', 'admin'] as const)('a %s has no heart', (role) => {
  signInAs(role);
  renderHeart();
  expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  expect(loadFavourites).not.toHaveBeenCalled();
});
