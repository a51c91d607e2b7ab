/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { createElement, type ComponentProps } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '@usedcars/shared-api/testing';
import BrandListPage from './BrandListPage';
import { serveBrandLists } from '../../testing/brandLists';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

// Each card's renders, counted (the card itself is the real one).
const cardRenders = { count: 0 };
jest.mock('../../components/CarCard', () => {
  const actual = jest.requireActual<typeof import('../../components/CarCard')>('../../components/CarCard');
  return {
    ...actual,
    CarCard: (props: ComponentProps<typeof actual.CarCard>) => {
      cardRenders.count += 1;
      return createElement(actual.CarCard, props);
    },
  };
});

const api = fakeApi();
const PAGE = Array.from({ length: 24 }, (_, index) => makeCar({ carName: `Audi ${index + 1}` }));

beforeEach(() => {
  serveBrandLists(api, () => ({ cars: PAGE, total: 30, next: 'page-2' }));
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  signInAs('Buyer');
});

const site = (
  <Routes>
    <Route path="/" element={<Link to="/audis">Audi</Link>} />
    <Route path="/audis" element={<BrandListPage category="audi" />} />
  </Routes>
);

test('after a move, the first row of cars comes first and the rest of the page follows a row at a time', async () => {
  const user = userEvent.setup();
  renderAt('/', site);
  const counts: number[] = [];
  const watch = new MutationObserver(() => counts.push(document.querySelectorAll('article').length));
  watch.observe(document.body, { childList: true, subtree: true });
  await user.click(screen.getByRole('link', { name: 'Audi' }));

  const firstShown = await screen.findAllByRole('article');
  expect(firstShown.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Audi 1', 'Audi 2', 'Audi 3', 'Audi 4']);
  expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

  // Six rows, each after a frame: more than waitFor's default second on a loaded machine.
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24), { timeout: 30_000 });
  expect(screen.getAllByRole('article').at(-1)?.querySelector('h3')).toHaveTextContent('Audi 24');
  expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  watch.disconnect();
  expect([...new Set(counts)].filter((count) => count > 0)).toEqual([4, 8, 12, 16, 20, 24]);
  // Room for the wait above: the test's own limit must not end it first.
}, 60_000);

test('a page opened at its address shows all its cars at once, as the server rendered them', async () => {
  renderAt('/audis', site);
  expect(await screen.findAllByRole('article')).toHaveLength(24);
});

/**
 * The list as the server sent it: its HTML in the document, over the cache a first render of the
 * same address filled, with the client's freshness `staleTime`. Hydrated with its cards counted.
 */
async function hydrateServerRenderedList(staleTime: number) {
  const first = renderAt('/audis', site);
  expect(await screen.findAllByRole('article')).toHaveLength(24);
  first.unmount();
  first.queryClient.setDefaultOptions({ queries: { retry: false, staleTime } });
  const page = (
    <QueryClientProvider client={first.queryClient}>
      <MemoryRouter initialEntries={['/audis']}>{site}</MemoryRouter>
    </QueryClientProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  expect(container.querySelectorAll('article')).toHaveLength(24);

  cardRenders.count = 0;
  const mismatches: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) }));
  const done = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { container, mismatches, done, queryClient: first.queryClient };
}

const listReads = () => api.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/audis')).length;

test('a page the server rendered is hydrated as it is: its cars are not rendered again once it is', async () => {
  // Fresh for a while, as the page's client keeps what the server read (shared-ui's createQueryClient).
  const { container, mismatches, done, queryClient } = await hydrateServerRenderedList(30_000);
  // Each card below the first row arrives in a boundary of its own, so the browser hydrates it in a task of its own.
  const grid = container.querySelector('ul')!;
  expect([...grid.childNodes].filter((node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === '$')).toHaveLength(20);
  // Every boundary hydrated (each card rendered once) and no read under way that could render them again.
  await waitFor(() => expect(cardRenders.count).toBeGreaterThanOrEqual(24));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(mismatches).toEqual([]);
  expect(container.querySelectorAll('article')).toHaveLength(24);
  expect(cardRenders.count).toBe(24);
  done();
});

test('a server-rendered page whose data is past its freshness is read again in the background, and its cars are not rendered again', async () => {
  const readsBefore = listReads();
  // As a page from the render server's cache arrives: what it shows was read longer ago than the client's freshness.
  const { container, mismatches, done, queryClient } = await hydrateServerRenderedList(0);
  await waitFor(() => expect(listReads()).toBe(readsBefore + 2));
  // Their responses are in the cache and rendered: when the cars would have been rendered again.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(mismatches).toEqual([]);
  expect(container.querySelectorAll('article')).toHaveLength(24);
  expect(cardRenders.count).toBe(24);
  done();
});
