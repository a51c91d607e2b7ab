/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { FACET_NAMES } from '@usedcars/shared-contract';
import BrandListPage from './BrandListPage';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = fakeApi();

function renderList(path: string) {
  return renderAt(
    path,
    <>
      <BrandListPage category="honda" />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  act(() => toast.remove());
  api.reply('GET', '/hondas', 200, [makeCar({ categoryName: 'honda' })], { 'X-Total-Count': '1' });
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  api.reply('GET', '/search/facets', 200, { total: 1, facets: Object.fromEntries(FACET_NAMES.map((name) => [name, []])) });
  api.reply('POST', '/saved-searches', (request) => ({
    status: 201,
    body: { _id: 's1', createdAt: '2026-11-25T10:00:00.000Z', ...(request.body as object) },
  }));
  signInAs('Buyer');
});

test('a Buyer saves the list’s filters under a name suggested from them', async () => {
  const user = userEvent.setup();
  renderList('/hondas?q=civic&minPrice=0&maxPrice=20000&location=Austin&sort=price');
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = screen.getByRole('dialog', { name: 'Save this search' });
  const name = within(dialog).getByLabelText('Name');
  expect(name).toHaveValue('Honda cars, “civic”, under $20,000, in Austin');
  expect(name).toHaveFocus();
  await user.clear(name);
  await user.type(name, 'Civic under 20k');
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await screen.findByText('Search saved: Civic under 20k')).toBeInTheDocument();
  const [sent] = api.sent('POST', '/saved-searches');
  expect(sent?.body).toEqual({
    name: 'Civic under 20k',
    filters: { category: 'honda', q: 'civic', maxPrice: 20000, location: 'Austin', sort: 'price' },
  });
  expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(api.sent('GET', '/hondas')[0]?.query).toMatchObject({ q: 'civic', maxPrice: '20000', location: 'Austin', sort: 'price' });
  expect(api.undeclared).toEqual([]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('an empty name is refused with the schema’s message, and nothing is sent', async () => {
  const user = userEvent.setup();
  renderList('/hondas');
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = screen.getByRole('dialog', { name: 'Save this search' });
  await user.clear(within(dialog).getByLabelText('Name'));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('name is required'));
  expect(api.sent('POST', '/saved-searches')).toEqual([]);
});

test('a minimum above the maximum is explained, and nothing is sent', async () => {
  const user = userEvent.setup();
  renderList('/hondas?minPrice=30000&maxPrice=20000');
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = screen.getByRole('dialog', { name: 'Save this search' });
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('minPrice must not be more than maxPrice');
  expect(api.sent('POST', '/saved-searches')).toEqual([]);
});

test('a refusal from the API is shown in the dialog, which stays open', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/saved-searches', 409, { message: 'You have 50 saved searches, the most you can keep; delete one to save another.' });
  renderList('/hondas');
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = screen.getByRole('dialog', { name: 'Save this search' });
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have 50 saved searches');
});

test.each(['Seller', 'visitor'] as const)('a %s is not offered to save a search', async (who) => {
  signInAs(who);
  renderList('/hondas');
  await screen.findAllByRole('article');
  expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  await waitFor(() => expect(api.sent('GET', '/hondas')).not.toEqual([]));
  expect(api.sent('GET', '/hondas')[0]?.headers.authorization).toBeUndefined();
});
