/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { LoginRedirectState } from '@usedcars/shared-auth';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { SaveCarButton } from './SaveCarButton';
import { makeCar, renderAt, signInAs } from '../testing/renderCatalog';

const api = fakeApi();
const car = makeCar({ carName: 'Audi A3 Sportback' });
const heartPath = `/favourites/${car._id}`;

function FakeLogin() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <p>Login page, then back to {from?.pathname}</p>;
}

function renderHeart() {
  return renderAt(
    '/audis',
    <>
      <Routes>
        <Route path="/audis" element={<SaveCarButton car={car} />} />
        <Route path="/login" element={<FakeLogin />} />
      </Routes>
      <Toaster />
    </>,
  );
}

/** What the API keeps: the list returns what the last save or removal left. */
function keepSaved(initially: boolean) {
  let saved = initially;
  api.reply('GET', '/favourites', () => ({ status: 200, body: { cars: saved ? [{ ...car, photos: [], priceHistory: [] }] : [], gone: [] } }));
  api.reply('PUT', heartPath, () => ({ status: 200, body: { carId: car._id, saved: (saved = true) } }));
  api.reply('DELETE', heartPath, () => ({ status: 200, body: { carId: car._id, saved: (saved = false) } }));
}

beforeEach(() => {
  act(() => toast.remove());
});

test('a Buyer saves a car with the heart, a toggle button', async () => {
  signInAs('Buyer');
  keepSaved(false);
  renderHeart();
  const heart = await screen.findByRole('button', { name: 'Save car' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(heart);
  expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(api.sent('PUT', heartPath)).toHaveLength(1));
  expect(api.sent('PUT', heartPath)[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(api.undeclared).toEqual([]);
});

test('a saved car shows Saved, and pressing it from the keyboard removes it', async () => {
  signInAs('Buyer');
  keepSaved(true);
  renderHeart();
  const heart = await screen.findByRole('button', { name: 'Saved' });
  heart.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('button', { name: 'Save car' })).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(api.sent('DELETE', heartPath)).toHaveLength(1));
  expect(api.sent('DELETE', heartPath)[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
});

test('a refused save puts the heart back and says why', async () => {
  signInAs('Buyer');
  keepSaved(false);
  api.reply('PUT', heartPath, 409, { message: 'You have 500 saved cars, the most you can keep; remove one to save another.' });
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
  expect(api.requests).toEqual([]);
});

test.each(['Seller', 'admin'] as const)('a %s has no heart', (role) => {
  signInAs(role);
  renderHeart();
  expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  expect(api.requests).toEqual([]);
});
