/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { standInApi } from '@usedcars/shared-api/testing';
import BrandListPage from './BrandListPage';
import { serveBrandLists } from '../../testing/brandLists';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = standInApi();
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
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24), { timeout: 10_000 });
  expect(screen.getAllByRole('article').at(-1)?.querySelector('h3')).toHaveTextContent('Audi 24');
  expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  watch.disconnect();
  expect([...new Set(counts)].filter((count) => count > 0)).toEqual([4, 8, 12, 16, 20, 24]);
});

test('a page opened at its address shows all its cars at once, as the server rendered them', async () => {
  renderAt('/audis', site);
  expect(await screen.findAllByRole('article')).toHaveLength(24);
});
