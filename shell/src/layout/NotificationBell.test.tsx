import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '@usedcars/shared-api';
import { fetchNotifications, markNotificationsRead } from '@usedcars/shared-api/alerts';
import type { Notification } from '@usedcars/shared-contract';
import NotificationBell from './NotificationBell';

jest.mock('@usedcars/shared-api/alerts', () => ({ fetchNotifications: jest.fn(), markNotificationsRead: jest.fn() }));
const load = jest.mocked(fetchNotifications);
const markRead = jest.mocked(markNotificationsRead);

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
  jest.resetAllMocks();
  load.mockResolvedValue({ items: [match, suspended], unread: 1, total: 2 });
  markRead.mockResolvedValue({ unread: 0 });
});

test('the bell says how many notifications are unread, and asks again when the window regains focus', async () => {
  renderBell();
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toHaveAttribute('aria-expanded', 'false');
  load.mockResolvedValue({ items: [match, match, suspended], unread: 3, total: 3 });
  act(() => void window.dispatchEvent(new Event('focus')));
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
});

test('opening the list shows each notification, links those about a car, and marks the unread ones read', async () => {
  const user = userEvent.setup();
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const list = screen.getByRole('region', { name: 'Notifications' });
  const link = await within(list).findByRole('link', { name: match.text });
  expect(link).toHaveAttribute('href', '/hondas/car-1');
  expect(within(list).getByText(suspended.text)).not.toHaveAttribute('href');
  expect(markRead).toHaveBeenCalledWith([match._id]);
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
  load.mockResolvedValue({ items: [], unread: 0, total: 0 });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  load.mockRejectedValueOnce(new ApiError('The API is not answering', 503));
  await user.click(bell);
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your notifications. The API is not answering');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
});

test('unread notifications older than the list are marked read with one press, and the count follows', async () => {
  const user = userEvent.setup();
  load.mockResolvedValue({ items: [match, suspended], unread: 26, total: 40 });
  markRead.mockResolvedValueOnce({ unread: 25 }).mockResolvedValueOnce({ unread: 0 });
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 26 unread' }));
  const panel = await screen.findByRole('region', { name: 'Notifications' });
  expect(await within(panel).findByText('25 older notifications are unread.')).toBeInTheDocument();

  await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
  expect(markRead).toHaveBeenLastCalledWith();
  expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
});
