import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, getAccessToken } from '@usedcars/shared-auth';
import { LoginPage, SignInHere } from './LoginPage';
import { renderAuthScreen, startSession, type IdentityDouble } from './testing';

let identity: IdentityDouble;
let roles: Map<string, string>;

beforeEach(async () => {
  ({ identity, roles } = await startSession());
  identity.accounts.set('bea@usedcars.test', { password: 'secret1', name: 'Bea' });
  roles.set('bea@usedcars.test', 'Buyer');
  // The screen logs what failed for developers; these tests fail sign-ins on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

test('the Login screen: e-mail and password (both required), Login, Create new Account, CONTINUE WITH GOOGLE', () => {
  renderAuthScreen('/login', <LoginPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeRequired();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Password')).toBeRequired();
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  expect(screen.getByRole('link', { name: 'Create new Account' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeInTheDocument();
  expect(document.title).toBe('Login');
});

test('Create new Account goes to /register', async () => {
  renderAuthScreen('/login', <LoginPage />);
  await userEvent.click(screen.getByRole('link', { name: 'Create new Account' }));
  expect(screen.getByRole('heading', { name: 'Landed on /register by PUSH' })).toBeInTheDocument();
});

test('a login the guard interrupted goes back where the person was going, replacing /login in the history', async () => {
  renderAuthScreen('/login', <LoginPage />, { pathname: '/audis', search: '?maxPrice=30000' });
  await logIn('bea@usedcars.test', 'secret1');
  expect(await screen.findByRole('heading', { name: 'Landed on /audis?maxPrice=30000 by REPLACE' })).toBeInTheDocument();
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer', user: { email: 'bea@usedcars.test' } });
  expect(getAccessToken()).toBe('access-for-bea@usedcars.test');
});

test("the login guard's form signs in where it is: the page stays the one the person asked for", async () => {
  renderAuthScreen('/audis', <SignInHere />);
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  await logIn('bea@usedcars.test', 'secret1');
  await waitFor(() => expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer' }));
  // The sign-in is over once the button is free again; nothing navigated meanwhile.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  expect(screen.queryByRole('heading', { name: /^Landed on/ })).not.toBeInTheDocument();
});

test('a login from the Login link goes home', async () => {
  renderAuthScreen('/login', <LoginPage />);
  await logIn('bea@usedcars.test', 'secret1');
  expect(await screen.findByRole('heading', { name: 'Landed on / by REPLACE' })).toBeInTheDocument();
});

test('a wrong password: a toast says so in words, the form keeps what was typed, nobody is signed in', async () => {
  renderAuthScreen('/login', <LoginPage />);
  await logIn('bea@usedcars.test', 'wrong-one');
  expect(await screen.findByRole('status')).toHaveTextContent('Wrong e-mail or password.');
  expect(screen.getByLabelText('Email')).toHaveValue('bea@usedcars.test');
  expect(screen.getByLabelText('Password')).toHaveValue('wrong-one');
  expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  expect(authStore.getState().status).toBe('signedOut');
});

test('an account whose sign-up never finished: the toast says how to finish it', async () => {
  identity.accounts.set('sam@usedcars.test', { password: 'secret1', name: 'Sam' }); // no user record
  renderAuthScreen('/login', <LoginPage />);
  await logIn('sam@usedcars.test', 'secret1');
  expect(await screen.findByRole('status')).toHaveTextContent(/never finished.*Create a new Account with this same e-mail and password/);
  expect(authStore.getState().status).toBe('signedOut');
});

test('CONTINUE WITH GOOGLE signs in as a Buyer and goes where the person was going', async () => {
  renderAuthScreen('/login', <LoginPage />, { pathname: '/dashboard' });
  await userEvent.click(screen.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }));
  expect(await screen.findByRole('heading', { name: 'Landed on /dashboard by REPLACE' })).toBeInTheDocument();
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer', user: { email: 'gina@gmail.test' } });
});

test('the Google window closed: a toast says so and the person stays on Login', async () => {
  identity.failNext = 'auth/popup-closed-by-user';
  renderAuthScreen('/login', <LoginPage />);
  await userEvent.click(screen.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }));
  expect(await screen.findByRole('status')).toHaveTextContent('The Google sign-in window was closed before signing in.');
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
});
