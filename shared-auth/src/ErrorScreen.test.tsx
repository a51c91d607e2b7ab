import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authStore, getAccessToken, saveAccessToken, setSignedIn, setSignedOut } from './authStore';
import { ErrorScreen } from './ErrorScreen';
import { startIdentity } from './session';
import { IdentityDouble } from './testing';

const SAM = { uid: 'u1', email: 'sam@usedcars.test', displayName: 'Sam' };

/** Sam's session, started over an identity service whose sign-out is `signOut`. */
async function signedInWithIdentity(signOut: () => Promise<void>) {
  const identity = new IdentityDouble();
  identity.signOut = signOut;
  await startIdentity(async () => identity);
  setSignedIn(SAM, 'Seller');
  saveAccessToken('t');
}

function renderErrorScreen(onRetry: () => void = () => undefined, at = '/dashboard') {
  const failing = <ErrorScreen error={new Error('The page could not load')} onRetry={onRetry} />;
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/dashboard" element={failing} />
        <Route path="/login" element={<h1>Login</h1>} />
        <Route path="/" element={at === '/' ? failing : <h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setSignedIn(SAM, 'Seller');
  saveAccessToken('t');
});
afterEach(() => jest.restoreAllMocks());

test('says in plain words what happened, with focus on its heading; the error itself is behind a disclosure', () => {
  renderErrorScreen();
  const heading = screen.getByRole('heading', { level: 1, name: 'This page could not be shown' });
  expect(heading).toHaveFocus();
  expect(screen.getByRole('region', { name: 'This page could not be shown' })).toHaveTextContent(
    'Something on it stopped working. The rest of the site still works: try again, or go back to the home page.',
  );
  expect(screen.getByText('What went wrong', { selector: 'summary' }).parentElement).toHaveTextContent('The page could not load');
  expect(document.title).toBe('Something went wrong');
});

test('Try again asks the screen to render afresh; the home link goes home', async () => {
  const onRetry = jest.fn();
  renderErrorScreen(onRetry);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
});

test('on a failing home page it offers no link to that same page', async () => {
  renderErrorScreen(undefined, '/');
  const area = screen.getByRole('region', { name: 'This page could not be shown' });
  expect(area).toHaveTextContent('Something on it stopped working. The rest of the site still works: try again, or choose another page from the menu.');
  expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test("'Log out' logs out and goes to /login", async () => {
  const signOut = jest.fn(async () => undefined);
  await signedInWithIdentity(signOut);
  renderErrorScreen();

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(authStore.getState().status).toBe('signedOut');
});

test('someone signed out is not offered Log out', () => {
  setSignedOut();
  renderErrorScreen();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
});

test('when the identity service cannot be reached, Log out still clears the session and goes to /login', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await signedInWithIdentity(async () => {
    throw Object.assign(new Error('network'), { code: 'auth/network-request-failed' });
  });
  renderErrorScreen();

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
  expect(consoleError).toHaveBeenCalled();
});
