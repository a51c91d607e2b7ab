/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { authStore, setSignedIn, setSignedOut } from '@usedcars/shared-auth';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { Navbar } from './Navbar';

// The bell asks for the unread count as soon as someone is signed in.
const api = fakeApi();

function renderNavbar(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setSignedOut();
  api.reply('GET', '/notifications', 200, { items: [], unread: 0, total: 0 });
  api.reply('GET', '/conversations/stream', NO_RESPONSE);
});

test('a visitor sees the main links and Login, but no Dashboard', () => {
  renderNavbar();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(nav).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'UsedCars home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  expect(api.requests).toEqual([]);
});

test('the link of the current page is marked as current', () => {
  renderNavbar('/blogs');
  expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
});

test('while auth is still loading neither Login nor Log Out flashes up', () => {
  authStore.setState({ status: 'loading', user: null, role: null });
  renderNavbar();
  expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
});

test('a signed-in user sees Dashboard and Log Out, and logging out brings Login back', async () => {
  const user = userEvent.setup();
  setSignedIn({ uid: 'u1', email: 'a@b.c', displayName: 'A' });
  renderNavbar();

  expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/Dashboard');
  expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  await waitFor(() =>
    expect(api.sent('GET', '/notifications').map((sent) => [sent.query, sent.headers.authorization])).toEqual([[{ limit: '1' }, `Bearer ${FAKE_TOKEN}`]]),
  );

  await user.click(screen.getByRole('button', { name: 'Log Out' }));

  expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  expect(authStore.getState().status).toBe('signedOut');
});

test("a signed-in user's Messages link and bell carry the unread messages the stream tells, as it tells them", async () => {
  let told = 0;
  api.reply('GET', '/conversations/stream', (request) =>
    told++ < 2
      ? { status: 200, headers: { 'Content-Type': 'text/event-stream' }, text: `event: unread\ndata: {"unread":${told * 2}}\n\n` }
      : NO_RESPONSE(request),
  );
  setSignedIn({ uid: 'u1', email: 'a@b.c', displayName: 'A' });
  renderNavbar();
  expect(await screen.findByRole('link', { name: /^Messages\W+2 unread$/ })).toHaveAttribute('href', '/messages');
  expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  // The API ended that stream; the next one tells a new count, without a reload.
  expect(await screen.findByRole('link', { name: /^Messages\W+4 unread$/ }, { timeout: 5000 })).toBeInTheDocument();
  expect(api.sent('GET', '/conversations/stream')[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
});

test('a signed-in user without an e-mail gets no Dashboard link', () => {
  setSignedIn({ uid: 'u2', email: null, displayName: 'Phone user' });
  renderNavbar();
  expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
});

test('the Menu button opens and closes the phone menu, with Escape and on navigation', async () => {
  const user = userEvent.setup();
  renderNavbar();
  const menu = screen.getByRole('button', { name: 'Menu' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).toContainElement(screen.getByRole('link', { name: 'Blogs' }));

  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'false');

  await user.click(menu);
  await user.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();

  await user.click(menu);
  await user.click(screen.getByRole('link', { name: 'About Us' }));
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
});
