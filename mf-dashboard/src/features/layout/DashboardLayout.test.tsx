/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, type InitialEntry } from 'react-router-dom';
import { authStore } from '@usedcars/shared-auth';
import { SITE_PATHS, arrivalNotice } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { fakeApi } from '@usedcars/shared-api/testing';
import DashboardLayout from './DashboardLayout';

const api = fakeApi();

beforeEach(() => {
  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' }]);
});

/** A dashboard screen that throws, with no error screen of its own: the layout's must catch it. */
function Broken(): never {
  throw new Error('The car list returned nonsense');
}

/** A screen of another remote (checkout's payment page): it brings no error screen of its own. */
function BrokenPayment(): never {
  throw new Error('The booking returned nonsense');
}

/** Throws until the test mends it, as a screen whose data came back wrong once. */
let mended = false;
function FailsOnce() {
  if (!mended) throw new Error('The saved cars returned nonsense');
  return <h1>Saved cars</h1>;
}

function renderAt(path: InitialEntry) {
  return renderDashboard(<DashboardLayout />, {
    path: '/dashboard',
    children: (
      <>
        <Route index element={<h1>Index</h1>} />
        <Route path="myProduct" element={<h1>Mine</h1>} />
        <Route path="broken" element={<Broken />} />
        <Route path="savedCars" element={<FailsOnce />} />
        <Route path="payment/:id" element={<BrokenPayment />} />
      </>
    ),
    at: path,
  });
}

test("a Seller's sub-navigation: Add Product, My Product, My Buyers, Messages, the current one marked", () => {
  signInAs('Seller');
  renderAt('/dashboard/myProduct');
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Add Product', '/dashboard/addProduct'],
    ['My Product', '/dashboard/myProduct'],
    ['My Buyers', '/dashboard/myBuyer'],
    ['Messages', '/messages'],
  ]);
  expect(within(nav).getByRole('link', { name: 'My Product' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('heading', { name: 'Mine' })).toBeInTheDocument();
});

test("a Buyer's sub-navigation: My Orders, Saved cars, Saved searches, Messages", () => {
  signInAs('Buyer');
  renderAt('/dashboard');
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['My Orders', '/dashboard'],
    ['Saved cars', '/dashboard/savedCars'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/messages'],
  ]);
});

test.each([['admin' as const, ['All users', 'Reports', 'Audit log', 'Releases', 'Preview links']]])('a %s has the dashboard screens %j', (role, labels) => {
  signInAs(role);
  renderAt('/dashboard');
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(labels);
  expect(within(nav).queryByRole('link', { name: 'Add Product' })).not.toBeInTheDocument();
});

test('a suspended seller is told why on every dashboard screen; a seller in good standing sees no notice', async () => {
  signInAs('Seller');
  const { unmount } = renderAt('/dashboard/myProduct');
  await waitFor(() => expect(api.sent('GET', '/users')).not.toHaveLength(0));
  for (const sent of api.sent('GET', '/users')) expect(sent.query).toEqual({ email: 'dana@usedcars.test' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  unmount();

  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller', suspendedReason: 'Repeated scam reports' }]);
  renderAt('/dashboard/myProduct');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your seller account is suspended. Repeated scam reports Your listings are hidden, and you cannot add or change cars until the admin reinstates you.',
  );
});

test('no navigation is guessed while the role is unknown', () => {
  authStore.setState({ status: 'loading', user: null, role: null });
  renderAt('/dashboard');
  // The navigation's place is kept (so nothing moves when the role arrives), with no link in it.
  expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).queryAllByRole('link')).toHaveLength(0);
});

test("a screen that fails shows the dashboard's error screen beside the navigation; Log out goes to /login", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  signInAs('Seller');
  renderAt('/dashboard/broken');
  const area = screen.getByRole('region', { name: 'This page could not be shown' });
  expect(within(area).getByRole('heading', { level: 1 })).toHaveFocus();
  expect(area).toHaveTextContent('The car list returned nonsense');
  expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  await user.click(within(area).getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(authStore.getState().status).toBe('signedOut'));
  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
});

test('Try again renders the dashboard screen afresh, beside the same navigation', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  signInAs('Buyer');
  renderAt('/dashboard/savedCars');
  const area = screen.getByRole('region', { name: 'This page could not be shown' });
  mended = true;
  await user.click(within(area).getByRole('button', { name: 'Try again' }));
  expect(screen.getByRole('heading', { name: 'Saved cars' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
});

test("a screen without an error screen of its own (checkout's payment page) gets the dashboard's, and leaving it leaves the error", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  signInAs('Buyer');
  renderAt(SITE_PATHS.payment('k1'));
  const area = screen.getByRole('region', { name: 'This page could not be shown' });
  expect(area).toHaveTextContent('The booking returned nonsense');
  expect(within(area).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  await user.click(within(nav).getByRole('link', { name: 'My Orders' }));
  expect(screen.getByRole('heading', { name: 'Index' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'This page could not be shown' })).not.toBeInTheDocument();
});

test('a notice handed over by the page before (a completed payment) shows on arrival and can be dismissed', async () => {
  const user = userEvent.setup();
  signInAs('Buyer');
  renderAt({ pathname: '/dashboard', state: arrivalNotice('Congrats! your payment completed') });
  const notice = screen.getByRole('status');
  expect(notice).toHaveTextContent('Congrats! your payment completed');
  // The site's one "went well" tone, as checkout's paid booking uses.
  expect(notice).toHaveStyle({ backgroundColor: theme.color.successBg, color: theme.color.success });
  expect(screen.getByRole('heading', { name: 'Index' })).toBeInTheDocument();
  await user.click(within(notice).getByRole('button', { name: 'Dismiss notice' }));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Index' })).toBeInTheDocument();
});

test('arriving without a notice shows none', () => {
  signInAs('Buyer');
  renderAt('/dashboard');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
