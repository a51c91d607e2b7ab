/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import type { SavedSearch } from '@usedcars/shared-contract';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import SavedSearchesPage from './SavedSearchesPage';

const api = fakeApi();
/** The buyer's saved searches as the fake holds them. */
let searches: SavedSearch[];

const civic: SavedSearch = {
  _id: 's1',
  name: 'Civic under 20k',
  filters: { category: 'honda', q: 'civic', maxPrice: 20000, sort: 'price' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const benz: SavedSearch = {
  _id: 's2',
  name: 'Any Benz in Austin',
  filters: { category: 'mercedes', location: 'Austin' },
  createdAt: '2026-11-19T10:00:00.000Z',
};

function renderSearches() {
  return renderDashboard(
    <>
      <SavedSearchesPage />
      <Toaster />
    </>,
    { path: '/dashboard/savedSearches' },
  );
}

beforeEach(() => {
  act(() => toast.remove());
  signInAs('Buyer');
  api.reply('GET', '/saved-searches', () => ({ status: 200, body: searches }));
});

test('lists the searches, each opening its brand list with its filters', async () => {
  searches = [civic, benz];
  renderSearches();
  const table = await screen.findByRole('table', { name: 'Saved searches' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['1', 'Civic under 20k', 'Honda cars, “civic”, under $20,000', 'Open', 'Delete'],
    ['2', 'Any Benz in Austin', 'Mercedes-Benz cars, in Austin', 'Open', 'Delete'],
  ]);
  expect(screen.getByRole('link', { name: 'Open Civic under 20k' })).toHaveAttribute('href', '/hondas?q=civic&maxPrice=20000&sort=price');
  expect(screen.getByRole('link', { name: 'Open Any Benz in Austin' })).toHaveAttribute('href', '/mercedes?location=Austin');
  expect(api.requests.map((sent) => [sent.method, sent.path, sent.headers.authorization])).toEqual([['GET', '/saved-searches', `Bearer ${FAKE_TOKEN}`]]);
});

test('Delete removes a search', async () => {
  searches = [civic, benz];
  api.reply('DELETE', '/saved-searches/s1', () => {
    searches = [benz];
    return { status: 200, body: { message: 'Saved search deleted' } };
  });
  renderSearches();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Civic under 20k' }));
  expect(await screen.findByText('Deleted Civic under 20k')).toBeInTheDocument();
  expect(api.sent('DELETE', '/saved-searches/s1')).toHaveLength(1);
  expect(screen.queryByRole('link', { name: 'Open Civic under 20k' })).not.toBeInTheDocument();
});

test('a refused delete brings the search back and says why', async () => {
  searches = [civic];
  api.reply('DELETE', '/saved-searches/s1', 404, { message: 'Saved search not found' });
  renderSearches();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Civic under 20k' }));
  expect(await screen.findByText('Could not delete Civic under 20k: Saved search not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Civic under 20k' })).toBeInTheDocument();
});

test('an empty list says how to save one', async () => {
  searches = [];
  renderSearches();
  expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Audi' })).toHaveAttribute('href', '/audis');
});

test('a failure shows the reason and Retry', async () => {
  api.reply('GET', '/saved-searches', 503, { message: 'The API is not responding' });
  renderSearches();
  expect(await screen.findByText('We could not load saved searches.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
});
