/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor } from '@testing-library/react';
import { authStore } from '@usedcars/shared-auth';
import { CATEGORIES, CATEGORY_PATHS } from '@usedcars/shared-contract';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { renderDashboard, signInAs } from '../testing/renderDashboard';
import DashboardHome, { preload } from './DashboardHome';

const api = fakeApi();

beforeEach(() => {
  api.reply('GET', '/user', 200, []);
  api.reply('GET', '/bookings', 200, []);
  for (const category of CATEGORIES) api.reply('GET', CATEGORY_PATHS[category].apiSellerCollection, 200, []);
  api.reply('GET', '/favourites/counts', 200, []);
  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' }]);
});

/** What the screen asked the API for: method, path and query, in a stable order. */
const asked = () => api.requests.map((sent) => `${sent.method} ${sent.path} ${new URLSearchParams(sent.query)}`.trim()).sort();

test('while the role is unknown the dashboard shows a spinner, not a guess', () => {
  authStore.setState({ status: 'loading', user: null, role: null });
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(document.title).toBe('Dashboard');
});

// First of the signed-in tests: no role's screen has been fetched yet in this file.
test("a move prepared with preload shows the viewer's screen at once; without it the spinner shows until the screen's code arrives", async () => {
  signInAs('Seller');
  const seller = renderDashboard(<DashboardHome />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
  expect(await screen.findByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
  seller.unmount();

  signInAs('Buyer');
  await preload();
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
});

test('an admin gets the Buyers and Sellers tables', async () => {
  signInAs('admin');
  renderDashboard(<DashboardHome />);
  expect(await screen.findByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - All users');
  expect(await screen.findByText('No buyers yet.')).toBeInTheDocument();
  expect(await screen.findByText('No sellers yet.')).toBeInTheDocument();
  expect(asked()).toEqual(['GET /user role=Buyer', 'GET /user role=Seller']);
  expect(api.requests.every((sent) => sent.headers.authorization === `Bearer ${FAKE_TOKEN}`)).toBe(true);
});

test('a Seller gets My Products', async () => {
  signInAs('Seller');
  renderDashboard(<DashboardHome />);
  expect(await screen.findByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - My Products');
  expect(await screen.findByText(/You have not added a car yet/)).toBeInTheDocument();
  await waitFor(() => expect(api.sent('GET', '/myAudi')).toHaveLength(1));
  expect(api.sent('GET', '/myAudi')[0]?.query).toEqual({ sellerName: 'Dana Driver', limit: expect.any(String) });
  expect(api.sent('GET', '/user')).toEqual([]);
  expect(api.undeclared).toEqual([]);
});

test.each([['Buyer' as const], [null]])('role %s gets My Orders', async (role) => {
  signInAs(role);
  renderDashboard(<DashboardHome />);
  expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - orders');
  expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
  expect(asked()).toEqual(['GET /bookings email=dana%40usedcars.test']);
});
