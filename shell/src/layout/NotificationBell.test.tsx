/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { FAKE_TOKEN, fakeApi, type FakeResponse } from '@usedcars/shared-api/testing';
import type { Notification, NotificationPage } from '@usedcars/shared-contract';
import NotificationBell from './NotificationBell';

const api = fakeApi();
/** What GET /notifications responds with, whatever the page size asked. */
let notifications: NotificationPage;
/** Responses to the next loads of the list (not of the count, which a window focus may ask for meanwhile), before `notifications` again. */
let nextLoads: FakeResponse[];
/** Responses to POST /notifications/read, in turn; the last one repeats. */
let readResponses: { unread: number }[];

const match: Notification = {
  _id: '00000000-0000-4000-8000-000000000001',
  kind: 'newMatch',
  text: 'New match for "Civic under 20k": Honda Civic LX at $18,500',
  carId: 'car-1',
  categoryName: 'honda',
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
};
const suspended: Notification = {
  ...match,
  _id: '00000000-0000-4000-8000-000000000002',
  kind: 'accountSuspended',
  text: 'Your seller account was suspended: spam',
  carId: null,
  categoryName: null,
  read: true,
};

function renderBell() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<NotificationBell />} />
        <Route path="/hondas/:id" element={<p>The car&apos;s page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  notifications = { items: [match, suspended], unread: 1, total: 2 };
  nextLoads = [];
  readResponses = [{ unread: 0 }];
  api.reply('GET', '/notifications', (sent) => (sent.query.limit === '1' ? undefined : nextLoads.shift()) ?? { status: 200, body: notifications });
  api.reply('POST', '/notifications/read', () => ({ status: 200, body: (readResponses.length > 1 ? readResponses.shift() : readResponses[0])! }));
});

const readBodies = () => api.sent('POST', '/notifications/read').map((sent) => sent.body);

test('the bell says how many notifications are unread, and asks again when the window regains focus', async () => {
  renderBell();
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toHaveAttribute('aria-expanded', 'false');
  // The count alone: one notification, with the signed-in person's token.
  expect(api.requests.map((sent) => [sent.method, sent.path, sent.query, sent.headers.authorization])).toEqual([
    ['GET', '/notifications', { limit: '1' }, `Bearer ${FAKE_TOKEN}`],
  ]);
  notifications = { items: [match, match, suspended], unread: 3, total: 3 };
  act(() => void window.dispatchEvent(new Event('focus')));
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
});

test('past 99 the bell shows "99+" and its name says the same, so the words on it can be spoken to press it', async () => {
  notifications = { items: [match], unread: 150, total: 150 };
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
  expect(bell).toHaveTextContent('99+');
});

test('opening the list shows each notification, links those about a car, and marks the unread ones read', async () => {
  const user = userEvent.setup();
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const list = screen.getByRole('region', { name: 'Notifications' });
  const link = await within(list).findByRole('link', { name: match.text });
  expect(link).toHaveAttribute('href', '/hondas/car-1');
  expect(within(list).getByText(suspended.text)).not.toHaveAttribute('href');
  expect(api.sent('GET', '/notifications').map((sent) => sent.query)).toEqual([{ limit: '1' }, { limit: '20' }]);
  await waitFor(() => expect(readBodies()).toEqual([{ ids: [match._id] }]));
  expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toHaveAttribute('aria-expanded', 'true');
  await user.click(link);
  expect(screen.getByText("The car's page")).toBeInTheDocument();
});

test('Escape closes the list and gives the focus back to the bell', async () => {
  const user = userEvent.setup();
  renderBell();
  await user.click(await screen.findByRole('button', { name: /Notifications/ }));
  await screen.findByRole('link', { name: match.text });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Notifications/ })).toHaveFocus();
});

test('an empty list says so; a failed one says why and offers Retry', async () => {
  const user = userEvent.setup();
  notifications = { items: [], unread: 0, total: 0 };
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  nextLoads.push({ status: 503, body: { message: 'The API is not responding' } });
  await user.click(bell);
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your notifications. The API is not responding');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
});

test('unread notifications older than the list are marked read with one press, and the count follows', async () => {
  const user = userEvent.setup();
  notifications = { items: [match, suspended], unread: 26, total: 40 };
  readResponses = [{ unread: 25 }, { unread: 0 }];
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 26 unread' }));
  const panel = await screen.findByRole('region', { name: 'Notifications' });
  expect(await within(panel).findByText('25 older notifications are unread.')).toBeInTheDocument();

  await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
  // Without ids: all of them.
  await waitFor(() => expect(readBodies()).toEqual([{ ids: [match._id] }, {}]));
  expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
});
