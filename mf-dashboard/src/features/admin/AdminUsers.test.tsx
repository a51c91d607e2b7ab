/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi, type FakeResponse, type Responder } from '@usedcars/shared-api/testing';
import type { User } from '@usedcars/shared-contract';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { AdminUsers } from './AdminUsers';

const api = fakeApi();
jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

const buyers: User[] = [
  { _id: 'b1', name: 'Bob Buyer', email: 'bob@usedcars.test', role: 'Buyer' },
  { _id: 'b2', name: 'Bea Buyer', email: 'bea@usedcars.test', role: 'Buyer' },
];
const sellers: User[] = [{ _id: 's1', name: 'Sally Seller', email: 'sally@usedcars.test', role: 'Seller' }];

/** GET /user?role= responds from these lists (read at each call). */
function serve(lists: Record<'Buyer' | 'Seller', User[]>) {
  api.reply('GET', '/user', (sent) => ({ status: 200, body: lists[sent.query.role as 'Buyer' | 'Seller'] }));
}

/** DELETE /allUsers/:id of these accounts returns this. */
function onDelete(ids: string[], response: Responder) {
  for (const id of ids) api.reply('DELETE', `/allUsers/${id}`, response);
}

const deletes = () => api.requests.filter((sent) => sent.method === 'DELETE').map((sent) => sent.path);

const table = (name: string) => screen.findByRole('table', { name });

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('admin');
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});

test('shows one spinner until both lists have arrived, then both tables together', async () => {
  let sellersArrive: (response: FakeResponse) => void = () => undefined;
  api.reply('GET', '/user', (sent) =>
    sent.query.role === 'Buyer' ? { status: 200, body: [] } : new Promise<FakeResponse>((resolve) => (sellersArrive = resolve)),
  );
  renderDashboard(<AdminUsers />);
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Loading the accounts…']);
  // The buyers are in, the sellers not yet: still nothing that the sellers' arrival would push down.
  await waitFor(() =>
    expect(api.requests.map((sent) => [sent.method, sent.path, sent.query, sent.headers.authorization]).sort()).toEqual([
      ['GET', '/user', { role: 'Buyer' }, `Bearer ${FAKE_TOKEN}`],
      ['GET', '/user', { role: 'Seller' }, `Bearer ${FAKE_TOKEN}`],
    ]),
  );
  expect(screen.queryByRole('heading', { name: 'Buyers' })).not.toBeInTheDocument();
  sellersArrive({ status: 200, body: [] });
  expect(await screen.findByRole('heading', { name: 'Buyers' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sellers' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('says so when there are no buyers or sellers', async () => {
  serve({ Buyer: [], Seller: [] });
  renderDashboard(<AdminUsers />);
  expect(await screen.findByText('No buyers yet.')).toBeInTheDocument();
  expect(screen.getByText('No sellers yet.')).toBeInTheDocument();
  // Under the page's h1, each empty list is named by an h2.
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Buyers', 'Sellers']);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('lists buyers and sellers with Sl No, Name, Email, Role and Delete', async () => {
  serve({ Buyer: buyers, Seller: sellers });
  renderDashboard(<AdminUsers />);
  const buyersTable = await table('Buyers');
  expect(
    within(buyersTable)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Sl No', 'Name', 'Email', 'Role', 'Delete']);
  const rows = within(buyersTable).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['1', 'Bob Buyer', 'bob@usedcars.test', 'Buyer'],
    ['2', 'Bea Buyer', 'bea@usedcars.test', 'Buyer'],
  ]);
  expect(within(await table('Sellers')).getByRole('button', { name: 'Delete Sally Seller' })).toBeEnabled();
  // One region per table (the scrolling one), not a second landmark of the same name around it.
  expect(screen.getAllByRole('region', { name: 'Buyers' })).toHaveLength(1);
});

test('deleting a buyer asks first, then says deleted successfully and drops the row without a reload', async () => {
  const user = userEvent.setup();
  const lists = { Buyer: buyers.slice(), Seller: sellers };
  serve(lists);
  onDelete(['b1'], () => {
    lists.Buyer = lists.Buyer.filter((account) => account._id !== 'b1');
    return { status: 200, body: { deletedCount: 1 } };
  });
  renderDashboard(<AdminUsers />);
  await user.click(within(await table('Buyers')).getByRole('button', { name: 'Delete Bob Buyer' }));

  expect(window.confirm).toHaveBeenCalledWith('Are you sure, you want to delete this account?');
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('deleted successfully'));
  expect(deletes()).toEqual(['/allUsers/b1']);
  await waitFor(() => expect(screen.queryByText('Bob Buyer')).not.toBeInTheDocument());
  expect(within(await table('Buyers')).getByText('Bea Buyer')).toBeInTheDocument();
});

test('the deleted row leaves at once, without waiting for the list to be read again', async () => {
  const user = userEvent.setup();
  serve({ Buyer: buyers, Seller: sellers });
  onDelete(['b1'], () => ({ status: 200, body: { deletedCount: 1 } }));
  renderDashboard(<AdminUsers />);
  const buyersTable = await table('Buyers');
  // From now on the server's list never responds (and would still hold Bob if it did).
  api.reply('GET', '/user', NO_RESPONSE);
  await user.click(within(buyersTable).getByRole('button', { name: 'Delete Bob Buyer' }));
  await waitFor(() => expect(screen.queryByText('Bob Buyer')).not.toBeInTheDocument());
  expect(within(buyersTable).getByText('Bea Buyer')).toBeInTheDocument();
});

test("a seller's delete asks with the seller prompt, and cancelling deletes nothing", async () => {
  const user = userEvent.setup();
  serve({ Buyer: buyers, Seller: sellers });
  jest.mocked(window.confirm).mockReturnValue(false);
  renderDashboard(<AdminUsers />);
  await user.click(within(await table('Sellers')).getByRole('button', { name: 'Delete Sally Seller' }));
  expect(window.confirm).toHaveBeenCalledWith('Are you sure, you want to cancel this order');
  expect(deletes()).toEqual([]);
  expect(screen.getByText('Sally Seller')).toBeInTheDocument();
});

test('a refused delete shows the server message and keeps the row', async () => {
  const user = userEvent.setup();
  serve({ Buyer: buyers, Seller: sellers });
  onDelete(['b2'], () => ({ status: 403, body: { message: 'Only admin accounts can delete accounts' } }));
  renderDashboard(<AdminUsers />);
  await user.click(within(await table('Buyers')).getByRole('button', { name: 'Delete Bea Buyer' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only admin accounts can delete accounts'));
  expect(toast.success).not.toHaveBeenCalled();
  expect(screen.getByText('Bea Buyer')).toBeInTheDocument();
});

test('nothing deleted (deletedCount 0) is an error, not a success', async () => {
  const user = userEvent.setup();
  serve({ Buyer: buyers, Seller: sellers });
  onDelete(['b1'], () => ({ status: 200, body: { deletedCount: 0 } }));
  renderDashboard(<AdminUsers />);
  await user.click(within(await table('Buyers')).getByRole('button', { name: 'Delete Bob Buyer' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Bob Buyer's account was not deleted; it may already be gone."));
  expect(toast.success).not.toHaveBeenCalled();
});

test('a list that fails to load says why and offers Retry', async () => {
  const user = userEvent.setup();
  api.reply('GET', '/user', (sent) =>
    sent.query.role === 'Buyer' ? { status: 403, body: { message: 'Only admin accounts can list accounts' } } : { status: 200, body: sellers },
  );
  renderDashboard(<AdminUsers />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load buyers. Only admin accounts can list accounts');
  serve({ Buyer: buyers, Seller: sellers });
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(within(await table('Buyers')).getByText('Bob Buyer')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
