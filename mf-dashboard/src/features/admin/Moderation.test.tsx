/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import type { AuditEntry, Report, User } from '@usedcars/shared-contract';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from './AdminUsers';
import AuditLogPage from './AuditLogPage';
import ReportsPage from './ReportsPage';
import { tableCells } from '../../testing/tableCells';

const api = fakeApi();

const carId = '00000000-0000-4000-8000-000000000001';
const report = (overrides: Partial<Report> = {}): Report => ({
  _id: 'r1',
  carId,
  carName: 'Audi Q5',
  categoryName: 'audi',
  reason: 'scam',
  text: 'Asks for a wire transfer',
  reporterName: 'Bea Buyer',
  createdAt: '2026-11-20T10:00:00.000Z',
  hidden: false,
  ...overrides,
});

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('admin');
  api.reply('GET', '/admin/conversation-reports', 200, []);
});

test('the Reports queue lists each report with its car, reason and words; Hide asks why, then the queue reads Hidden', async () => {
  const user = userEvent.setup();
  let hidden = false;
  api.reply('GET', '/admin/reports', () => ({ status: 200, body: [report({ hidden })] }));
  api.reply('POST', `/admin/cars/${carId}/hide`, () => {
    hidden = true;
    return { status: 200, body: { message: 'Listing hidden' } };
  });
  renderDashboard(<ReportsPage />, { path: '/dashboard/reports' });
  const table = await screen.findByRole('table', { name: 'Reported listings' });
  expect(document.title).toBe('Dashboard - Reports');
  expect(tableCells(table)[0]).toEqual([
    '1',
    'Audi Q5',
    'Looks like a scamAsks for a wire transfer',
    'Bea Buyer',
    expect.stringMatching(/Nov 20, 2026/),
    'Shown',
    'Hide',
  ]);
  expect(within(table).getByRole('link', { name: 'Audi Q5' })).toHaveAttribute('href', `/audis/${carId}`);

  await user.click(within(table).getByRole('button', { name: 'Hide Audi Q5' }));
  const dialog = screen.getByRole('dialog', { name: 'Hide Audi Q5' });
  expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
  expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(/Reason is required/);
  expect(api.requests.filter((sent) => sent.method === 'POST')).toEqual([]);

  await user.type(within(dialog).getByLabelText('Reason'), 'Scam: asks for wire transfers');
  await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.sent('POST', `/admin/cars/${carId}/hide`).map((sent) => [sent.body, sent.headers.authorization])).toEqual([
    [{ reason: 'Scam: asks for wire transfers' }, `Bearer ${FAKE_TOKEN}`],
  ]);
  expect(await within(table).findByRole('button', { name: 'Restore Audi Q5' })).toBeInTheDocument();
  expect(tableCells(table)[0]?.[5]).toBe('Hidden');
});

test("a refused act stays in the dialog with the API's words", async () => {
  const user = userEvent.setup();
  api.reply('GET', '/admin/reports', 200, [report({ hidden: true })]);
  api.reply('POST', `/admin/cars/${carId}/restore`, 409, { message: 'This listing is hidden with its suspended seller: reinstate the seller to show it' });
  renderDashboard(<ReportsPage />, { path: '/dashboard/reports' });
  await user.click(await screen.findByRole('button', { name: 'Restore Audi Q5' }));
  const dialog = screen.getByRole('dialog', { name: 'Restore Audi Q5' });
  await user.type(within(dialog).getByLabelText('Reason'), 'Checked: genuine');
  await user.click(within(dialog).getByRole('button', { name: 'Restore listing' }));
  // The alert is there, empty, while the response is on its way.
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('reinstate the seller to show it'));
  expect(api.sent('POST', `/admin/cars/${carId}/restore`).map((sent) => sent.body)).toEqual([{ reason: 'Checked: genuine' }]);
  expect(within(dialog).getByLabelText('Reason')).toHaveValue('Checked: genuine');
});

test('an empty queue says so; the screen is not for a seller', async () => {
  api.reply('GET', '/admin/reports', 200, []);
  const { unmount } = renderDashboard(<ReportsPage />, { path: '/dashboard/reports' });
  expect(await screen.findByText('Nobody has reported a listing.')).toBeInTheDocument();
  unmount();
  signInAs('Seller');
  renderDashboard(<ReportsPage />, { path: '/dashboard/reports' });
  expect(screen.getByText('Only the admin moderates listings.')).toBeInTheDocument();
  expect(api.requests.map((sent) => sent.path).sort()).toEqual(['/admin/conversation-reports', '/admin/reports']);
});

test('reported conversations are listed with their reason and reporter, each linking to the conversation', async () => {
  api.reply('GET', '/admin/reports', 200, []);
  api.reply('GET', '/admin/conversation-reports', 200, [
    {
      _id: 'cr1',
      conversationId: 'c1',
      carName: 'Honda Jazz',
      reason: 'scam',
      text: 'Asked me to pay outside the site',
      reporterName: 'Sam Seller',
      createdAt: '2026-11-20T10:00:00.000Z',
      messages: [
        { _id: 'm1', seq: 1, conversationId: 'c1', text: 'Wire me the money', from: 'buyer', createdAt: '2026-11-20T09:00:00.000Z', name: 'Rude Buyer' },
      ],
    },
  ]);
  renderDashboard(<ReportsPage />, { path: '/dashboard/reports' });
  const table = await screen.findByRole('table', { name: 'Reported conversations' });
  expect(tableCells(table)[0]).toEqual(['1', 'Honda Jazz', 'Looks like a scamAsked me to pay outside the site', 'Sam Seller', expect.any(String), '1', 'Read']);
  expect(within(table).getByRole('link', { name: 'Read the conversation about Honda Jazz' })).toHaveAttribute('href', '/messages/c1');
});

test('the audit log shows who, when, what, of what and why, 20 a page', async () => {
  const entries: AuditEntry[] = Array.from({ length: 25 }, (_, i) => ({
    _id: `e${i}`,
    actorName: 'Ada Admin',
    action: i % 2 ? 'restoreCar' : 'suspendSeller',
    targetId: `t${i}`,
    targetName: `Target ${i + 1}`,
    reason: `Reason ${i + 1}`,
    at: '2026-11-24T09:30:00.000Z',
  }));
  api.reply('GET', '/admin/audit-log', 200, entries);
  renderDashboard(<AuditLogPage />, { path: '/dashboard/auditLog' });
  const table = await screen.findByRole('table', { name: 'Moderation acts' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Sl No', 'When', 'Who', 'What', 'Of', 'Why']);
  expect(tableCells(table)[0]).toEqual(['1', expect.stringMatching(/Nov 24, 2026/), 'Ada Admin', 'Suspended seller', 'Target 1', 'Reason 1']);
  expect(tableCells(table)[1]?.[3]).toBe('Restored listing');
  expect(screen.getByText('Showing 1–20 of 25')).toBeInTheDocument();
});

test('All users: a seller is suspended with a reason, then reads Suspended with Reinstate', async () => {
  const user = userEvent.setup();
  let seller: User = { _id: 's1', name: 'Sally Seller', email: 'sally@usedcars.test', role: 'Seller' };
  api.reply('GET', '/user', (sent) => ({ status: 200, body: sent.query.role === 'Seller' ? [seller] : [] }));
  api.reply('POST', '/admin/users/s1/suspend', (sent) => {
    seller = { ...seller, suspendedReason: (sent.body as { reason: string }).reason };
    return { status: 200, body: { message: 'Seller suspended' } };
  });
  renderDashboard(<AdminUsers />);
  const sellers = await screen.findByRole('table', { name: 'Sellers' });
  await user.click(within(sellers).getByRole('button', { name: 'Suspend Sally Seller' }));
  const dialog = screen.getByRole('dialog', { name: 'Suspend Sally Seller' });
  expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(/their dashboard shows this reason/);
  await user.type(within(dialog).getByLabelText('Reason'), 'Three scam reports');
  await user.click(within(dialog).getByRole('button', { name: 'Suspend seller' }));
  expect(await within(sellers).findByText('Suspended: Three scam reports')).toBeInTheDocument();
  expect(api.sent('POST', '/admin/users/s1/suspend').map((sent) => sent.body)).toEqual([{ reason: 'Three scam reports' }]);
  expect(within(sellers).getByRole('button', { name: 'Reinstate Sally Seller' })).toBeInTheDocument();
});
