import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, getAccessToken } from '@usedcars/shared-auth';
import { RegisterPage } from './RegisterPage';
import { renderAuthScreen, startSession, type IdentityDouble } from './testing';

let identity: IdentityDouble;
let roles: Map<string, string>;

beforeEach(async () => {
  ({ identity, roles } = await startSession());
  // The screen logs what failed for developers; these tests fail sign-ups on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const roleField = () => screen.getByRole('combobox', { name: 'Buyer or Seller?' });

async function register({ name, email, password, role }: { name: string; email: string; password: string; role: 'Buyer' | 'Seller' }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.selectOptions(roleField(), role);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

test("the Register screen: Full Name, Email, Password and 'Buyer or Seller?' (Buyer, Seller), all required, and Sign in Here", () => {
  renderAuthScreen('/register', <RegisterPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  for (const label of ['Full Name', 'Email', 'Password']) expect(screen.getByLabelText(label)).toBeRequired();
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(roleField()).toBeRequired();
  // Nothing is chosen for the person: the prompt shows until they pick.
  expect(roleField()).toHaveValue('');
  const choices = within(roleField())
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled);
  expect(choices.map((option) => option.textContent)).toEqual(['Buyer', 'Seller']);
  expect(screen.getByRole('link', { name: 'Sign in Here' })).toHaveAttribute('href', '/login');
  expect(document.title).toBe('Register');
});

test('Sign in Here goes to /login', async () => {
  renderAuthScreen('/register', <RegisterPage />);
  await userEvent.click(screen.getByRole('link', { name: 'Sign in Here' }));
  expect(screen.getByRole('heading', { name: 'Landed on /login by PUSH' })).toBeInTheDocument();
});

test("registering: 'Account Created', signed in with the chosen role, and home (replacing /register)", async () => {
  renderAuthScreen('/register', <RegisterPage />);
  await register({ name: 'Sam Seller', email: 'sam@usedcars.test', password: 'secret1', role: 'Seller' });
  expect(await screen.findByRole('status')).toHaveTextContent('Account Created');
  // The router navigates in a transition, which may commit a moment after the toast.
  expect(await screen.findByRole('heading', { name: 'Landed on / by REPLACE' })).toBeInTheDocument();
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Seller', user: { email: 'sam@usedcars.test', displayName: 'Sam Seller' } });
  expect(roles.get('sam@usedcars.test')).toBe('Seller');
  expect(getAccessToken()).toBe('access-for-sam@usedcars.test');
});

test('an e-mail already in use: a toast says to log in instead, and the form keeps what was typed', async () => {
  identity.accounts.set('bea@usedcars.test', { password: 'her-own', name: 'Bea' });
  roles.set('bea@usedcars.test', 'Buyer');
  renderAuthScreen('/register', <RegisterPage />);
  await register({ name: 'Bea Again', email: 'bea@usedcars.test', password: 'secret1', role: 'Seller' });
  expect(await screen.findByRole('status')).toHaveTextContent('An account with this e-mail already exists. Log in instead.');
  expect(screen.getByLabelText('Full Name')).toHaveValue('Bea Again');
  expect(screen.getByLabelText('Email')).toHaveValue('bea@usedcars.test');
  expect(screen.getByLabelText('Password')).toHaveValue('secret1');
  expect(roleField()).toHaveValue('Seller');
  expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  expect(authStore.getState().status).toBe('signedOut');
});

test('the sign-in service unreachable: a toast says so, nothing is created', async () => {
  identity.failNext = 'auth/network-request-failed';
  renderAuthScreen('/register', <RegisterPage />);
  await register({ name: 'Sam Seller', email: 'sam@usedcars.test', password: 'secret1', role: 'Seller' });
  expect(await screen.findByRole('status')).toHaveTextContent('We could not reach the sign-in service. Check your connection and try again.');
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  expect(identity.accounts.has('sam@usedcars.test')).toBe(false);
});

test('without a role nothing is sent: the field is required', async () => {
  const user = userEvent.setup();
  renderAuthScreen('/register', <RegisterPage />);
  await user.type(screen.getByLabelText('Full Name'), 'Sam Seller');
  await user.type(screen.getByLabelText('Email'), 'sam@usedcars.test');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  expect(roleField()).toBeInvalid();
  expect(identity.accounts.size).toBe(0);
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
});
