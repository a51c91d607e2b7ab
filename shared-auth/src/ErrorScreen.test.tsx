import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authStore, getAccessToken, saveAccessToken, setSignOutHandler, setSignedIn } from './authStore';
import { ErrorScreen } from './ErrorScreen';

function renderErrorScreen(onRetry?: () => void) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<ErrorScreen error={new Error('The dashboard could not load')} onRetry={onRetry} />} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setSignedIn({ uid: 'u1', email: 'sam@usedcars.test', displayName: 'Sam' }, 'Seller');
  saveAccessToken('t');
});
afterEach(() => {
  setSignOutHandler(null);
  jest.restoreAllMocks();
});

test("says what went wrong, and 'Log out' logs out and goes to /login", async () => {
  const signOut = jest.fn(async () => undefined);
  setSignOutHandler(signOut);
  renderErrorScreen();
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong!!!');
  expect(screen.getByRole('alert')).toHaveTextContent('The dashboard could not load');
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(authStore.getState().status).toBe('signedOut');
});

test('when the identity service cannot be reached, Log out still clears the session and goes to /login', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setSignOutHandler(async () => {
    throw Object.assign(new Error('network'), { code: 'auth/network-request-failed' });
  });
  renderErrorScreen();

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
  expect(consoleError).toHaveBeenCalled();
});

test('Try again shows when the screen offers it', async () => {
  const onRetry = jest.fn();
  renderErrorScreen(onRetry);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
