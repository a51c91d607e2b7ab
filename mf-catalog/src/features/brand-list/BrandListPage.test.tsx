/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HANG_UP, fakeApi, type FakeResponse, type SentRequest } from '@usedcars/shared-api/testing';
import { CAR_LIST_MAX_OFFSET } from '@usedcars/shared-contract';
import BrandListPage from './BrandListPage';
import { listRequests, serveBrandLists, type ListPage } from '../../testing/brandLists';
import { currentAddress, makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = fakeApi();
const lists = () => listRequests(api);
const lastQuery = () => lists().at(-1)?.query;

beforeEach(() => {
  serveBrandLists(api, () => ({ cars: [makeCar(), makeCar()], total: 2 }));
  // The buyer's saved cars: none.
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  signInAs('Buyer');
});

test('the list asks the API for one page of the brand, newest first, and shows the cars', async () => {
  renderAt('/audis', <BrandListPage category="audi" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Audi cars' })).toBeInTheDocument();
  expect(screen.getByTestId('car-skeletons')).toBeInTheDocument();
  expect(await screen.findAllByRole('article')).toHaveLength(2);
  expect(screen.queryByTestId('car-skeletons')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: '2 cars' })).toBeInTheDocument();
  expect(lists().map(({ path, query, headers }) => ({ path, query, authorization: headers.authorization }))).toEqual([
    { path: '/audis', query: { sort: 'newest', limit: '24', offset: '0' }, authorization: undefined },
  ]);
  expect(document.title).toBe('Used Cars');
  expect(api.undeclared).toEqual([]);
});

test('applying filters puts them in the address and in the query', async () => {
  const user = userEvent.setup();
  renderAt('/hondas', <BrandListPage category="honda" />);
  await screen.findAllByRole('article');
  const search = screen.getByRole('search', { name: 'Search and filter cars' });
  await user.type(within(search).getByLabelText('Search'), 'civic');
  await user.type(within(search).getByLabelText('Min price ($)'), '10000');
  await user.type(within(search).getByLabelText('Max price ($)'), '20000');
  await user.type(within(search).getByLabelText('Location'), 'Austin');
  await user.click(within(search).getByRole('button', { name: 'Apply filters' }));

  expect(currentAddress()).toBe('/hondas?q=civic&minPrice=10000&maxPrice=20000&location=Austin');
  // The keyboard user's place survives the new address.
  expect(within(search).getByRole('button', { name: 'Apply filters' })).toHaveFocus();
  await waitFor(() =>
    expect(lastQuery()).toEqual({
      q: 'civic',
      minPrice: '10000',
      maxPrice: '20000',
      location: 'Austin',
      sort: 'newest',
      limit: '24',
      offset: '0',
    }),
  );
  expect(lists().at(-1)?.path).toBe('/hondas');
});

test('the sort changes the address and the query at once, keeping the filters', async () => {
  const user = userEvent.setup();
  renderAt('/audis?minPrice=15000', <BrandListPage category="audi" />);
  await screen.findAllByRole('article');
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
  expect(currentAddress()).toBe('/audis?minPrice=15000&sort=price');
  await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: '15000', sort: 'price', offset: '0' }));
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Year: newest first');
  expect(currentAddress()).toBe('/audis?minPrice=15000&sort=-year');
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: '-year' }));
});

test('a shared link restores the view: the fields show its filters and the query uses them', async () => {
  renderAt('/mercedes?q=amg&maxPrice=60000&sort=-price&page=2', <BrandListPage category="mercedes" />);
  await waitFor(() => expect(lastQuery()).toEqual({ q: 'amg', maxPrice: '60000', sort: '-price', limit: '24', offset: '24' }));
  expect(lists().at(-1)?.path).toBe('/mercedess');
  expect(screen.getByLabelText('Search')).toHaveValue('amg');
  expect(screen.getByLabelText('Max price ($)')).toHaveValue(60000);
  expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
});

test('values the API would refuse are left out of the query rather than breaking the page', async () => {
  renderAt('/audis?minPrice=cheap&year=19&sort=best&page=-3', <BrandListPage category="audi" />);
  await waitFor(() => expect(lastQuery()).toEqual({ sort: 'newest', limit: '24', offset: '0' }));
});

test('pages: Next page asks for the next 24 cars and the address remembers the page', async () => {
  const user = userEvent.setup();
  serveBrandLists(api, (query) => ({ cars: Array.from({ length: query.offset === '24' ? 6 : 24 }, () => makeCar()), total: 30 }));
  renderAt('/audis?year=2020', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 1–24 of 30 cars' })).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
  await user.click(within(pages).getByRole('link', { name: 'Next page' }));
  expect(currentAddress()).toBe('/audis?year=2020&page=2');
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 25–30 of 30 cars' })).toHaveFocus();
  expect(lastQuery()).toMatchObject({ year: '2020', offset: '24', limit: '24' });
  expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/audis?year=2020');
});

/**
 * A brand of 10,080 cars (420 pages of 24) as the API serves it: offsets up to its bound and a 400
 * past it; every page hands out the cursors of its neighbours, opaque text the page only passes
 * back; a cursor it never handed out is refused as the API refuses one.
 */
const DEEP_TOTAL = 420 * 24;
function deepBrand(query: SentRequest['query']): ListPage | FakeResponse {
  let index: number;
  if (query.cursor !== undefined) {
    const match = /^cursor-to-car-(\d+)$/.exec(query.cursor);
    if (!match) return { status: 400, body: { message: 'cursor is not one this API handed out; start again from the first page' } };
    index = Number(match[1]);
  } else {
    index = Number(query.offset ?? 0);
    if (index > CAR_LIST_MAX_OFFSET) return { status: 400, body: { message: `offset must be at most ${CAR_LIST_MAX_OFFSET}` } };
  }
  const cars = Array.from({ length: Math.min(24, DEEP_TOTAL - index) }, (_, i) => makeCar({ carName: `Car number ${index + i + 1}` }));
  return {
    cars,
    total: DEEP_TOTAL,
    next: index + 24 < DEEP_TOTAL ? `cursor-to-car-${index + 24}` : undefined,
    prev: index > 0 ? `cursor-to-car-${index - 24}` : undefined,
  };
}

const pagesNav = () => screen.getByRole('navigation', { name: 'Pages' });

test('deep pages: Next past the last numbered page follows the cursor, and Previous comes back to the numbers', async () => {
  const user = userEvent.setup();
  serveBrandLists(api, deepBrand);
  renderAt('/audis?sort=price&page=417', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 9,985–10,008 of 10,080 cars' })).toBeInTheDocument();
  expect(screen.getByText('Car number 9985')).toBeInTheDocument();

  // The pager's links come back once the page shown has settled.
  await user.click(await within(pagesNav()).findByRole('link', { name: 'Next page' }));
  expect(currentAddress()).toBe('/audis?sort=price&page=418&cursor=cursor-to-car-10008');
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 10,009–10,032 of 10,080 cars' })).toHaveFocus();
  expect(screen.getByText('Car number 10009')).toBeInTheDocument();
  expect(within(pagesNav()).getByText('Page 418 of 420')).toBeInTheDocument();

  await user.click(await within(pagesNav()).findByRole('link', { name: 'Next page' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 10,033–10,056 of 10,080 cars' })).toBeInTheDocument();
  expect(currentAddress()).toBe('/audis?sort=price&page=419&cursor=cursor-to-car-10032');

  await user.click(await within(pagesNav()).findByRole('link', { name: 'Previous page' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 10,009–10,032 of 10,080 cars' })).toBeInTheDocument();
  expect(currentAddress()).toBe('/audis?sort=price&page=418&cursor=cursor-to-car-10008');

  await user.click(await within(pagesNav()).findByRole('link', { name: 'Previous page' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 9,985–10,008 of 10,080 cars' })).toBeInTheDocument();
  expect(currentAddress()).toBe('/audis?sort=price&page=417');
  expect(lastQuery()).toEqual({ sort: 'price', limit: '24', offset: '9984' });

  // No page along the way was asked for by an offset the API refuses.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(lists().every(({ query }) => Number(query.offset ?? 0) <= CAR_LIST_MAX_OFFSET)).toBe(true);
  expect(
    lists()
      .map(({ query }) => query.cursor)
      .filter(Boolean),
  ).toEqual(['cursor-to-car-10008', 'cursor-to-car-10032', 'cursor-to-car-10008']);
});

test('a shared link to a deep page opens that page, and its last page offers no Next', async () => {
  serveBrandLists(api, deepBrand);
  renderAt('/audis?page=420&cursor=cursor-to-car-10056', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 10,057–10,080 of 10,080 cars' })).toBeInTheDocument();
  expect(lastQuery()).toEqual({ sort: 'newest', limit: '24', cursor: 'cursor-to-car-10056' });
  expect(within(pagesNav()).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  expect(within(pagesNav()).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/audis?page=419&cursor=cursor-to-car-10032');
});

test('a link with a cursor the API no longer takes opens page 1 of the same search and says why', async () => {
  const user = userEvent.setup();
  serveBrandLists(api, deepBrand);
  renderAt('/audis?year=2020&sort=-price&page=500&cursor=from-an-older-site', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 1–24 of 10,080 cars' })).toBeInTheDocument();
  expect(currentAddress()).toBe('/audis?year=2020&sort=-price');
  expect(screen.getByText('That link pointed to a place in the list that no longer exists, so here is the first page.')).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(lastQuery()).toEqual({ year: '2020', sort: '-price', limit: '24', offset: '0' });

  // The notice is about the link; moving on leaves it behind. (Page 1's cards came by a move: the first row first, the page links after.)
  // Six rows, each after a frame: more than the default wait on a loaded machine.
  const pages = await screen.findByRole('navigation', { name: 'Pages' }, { timeout: 30_000 });
  await user.click(within(pages).getByRole('link', { name: 'Next page' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 25–48 of 10,080 cars' })).toBeInTheDocument();
  expect(screen.queryByText(/That link pointed to a place in the list/)).not.toBeInTheDocument();
}, 60_000);

test('a deep page number without its cursor shows the deepest numbered page rather than an error', async () => {
  serveBrandLists(api, deepBrand);
  renderAt('/audis?page=450', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 9,985–10,008 of 10,080 cars' })).toBeInTheDocument();
  expect(within(pagesNav()).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/audis?page=418&cursor=cursor-to-car-10008');
});

test('no match shows an empty state that can clear the filters', async () => {
  const user = userEvent.setup();
  serveBrandLists(api, (query) => (query.minPrice ? { cars: [], total: 0 } : { cars: [makeCar()], total: 1 }));
  renderAt('/audis?minPrice=900000', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { name: 'No Audi cars match your search' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(currentAddress()).toBe('/audis');
  expect(await screen.findAllByRole('article')).toHaveLength(1);
  expect(screen.getByLabelText('Min price ($)')).toHaveValue(null);
});

test('a failed load says so and Retry loads again', async () => {
  const user = userEvent.setup();
  let calls = 0;
  serveBrandLists(api, () => (++calls === 1 ? HANG_UP : { cars: [makeCar(), makeCar()], total: 2 }));
  renderAt('/audis', <BrandListPage category="audi" />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load the Audi cars');
  expect(alert).toHaveTextContent('We could not reach the Used Cars server');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByRole('article')).toHaveLength(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a Seller browsing the list sees More Details on every card', async () => {
  signInAs('Seller');
  renderAt('/audis', <BrandListPage category="audi" />);
  await screen.findAllByRole('article');
  expect(screen.getAllByRole('link', { name: 'More Details' })).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
});

test("the first row's pictures load at once, the first one first; the rest load as they come into view", async () => {
  serveBrandLists(api, () => ({ cars: Array.from({ length: 6 }, () => makeCar()), total: 6 }));
  const { container } = renderAt('/audis', <BrandListPage category="audi" />);
  expect(await screen.findAllByRole('article')).toHaveLength(6);
  const pictures = [...container.querySelectorAll('article img')];
  expect(pictures.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  expect(pictures.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null, null]);
});
