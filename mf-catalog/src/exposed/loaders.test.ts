/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '@usedcars/shared-api/testing';
import { favouriteKeys } from '@usedcars/shared-api/favourites';
import { FACET_NAMES, flattenScreens, remoteOf, type SessionViewer } from '@usedcars/shared-contract';
import { SITE_SETTINGS } from '../testing/renderCatalog';
import { carKeys } from '../lib/carQueries';
import { readListView } from '../lib/listParams';
import { loaders } from './loaders';

const api = fakeApi();
const car = { _id: 'c1', carName: 'A4', sellerName: 'Sam' };
const buyer: SessionViewer = { uid: 'u1', email: 'b@x.test', name: 'Bea', role: 'Buyer' };
const context = (queryClient: QueryClient, viewer: SessionViewer | null, search = '', id = 'c1') => ({
  queryClient,
  params: { id },
  props: { category: 'audi' as const },
  search: new URLSearchParams(search),
  viewer,
  signal: new AbortController().signal,
});
/** The calls that read the screens' own data; every loader also reads the site's settings (once a visit). */
const asked = () => api.requests.map(({ method, path }) => `${method} ${path}`).filter((call) => call !== 'GET /site-settings');

beforeEach(() => {
  api.reply('GET', '/site-settings', 200, SITE_SETTINGS);
  api.reply('GET', '/search/facets', 200, { total: 1, facets: Object.fromEntries(FACET_NAMES.map((name) => [name, []])) });
});

test('every catalog screen that reads the API has a loader', () => {
  const readers = flattenScreens().flatMap(({ screen }) =>
    'module' in screen && screen.readsApi && remoteOf(screen.module) === 'catalog' ? [screen.module] : [],
  );
  expect(readers.length).toBeGreaterThan(0);
  for (const module of readers) expect(loaders[module as keyof typeof loaders]).toEqual(expect.any(Function));
});

test("a brand list's loader fills the key the list reads for the address's view, and a buyer's favourites", async () => {
  api.reply('GET', '/audis', 200, [car], { 'X-Total-Count': '1' });
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  const queryClient = new QueryClient();
  await loaders['catalog/BrandListPage']!(context(queryClient, buyer, 'sort=price&page=2'));
  expect(api.requests.find(({ path }) => path === '/audis')?.query).toMatchObject({ sort: 'price', offset: '24', limit: '24' });
  expect(queryClient.getQueryData(carKeys.list('audi', readListView(new URLSearchParams('page=2&sort=price'))))).toMatchObject({ cars: [car] });
  expect(queryClient.getQueryData(favouriteKeys.all)).toEqual({ cars: [], gone: [] });
  // The facets beside it, counted for its brand and the address's filters.
  expect(api.sent('GET', '/search/facets')[0]?.query).toEqual({ brand: 'audi' });
});

test("the search's loader reads its page and its facets for the address's words and picks, the comparison's the cars it names", async () => {
  api.reply('GET', '/search', 200, [car], { 'X-Total-Count': '1' });
  api.reply('GET', '/compare', 200, [car]);
  const queryClient = new QueryClient();
  await loaders['catalog/SearchPage']!({ ...context(queryClient, null, 'q=civc&fuel=diesel&fuel=hybrid&page=2'), props: {} });
  expect(api.sent('GET', '/search')[0]?.query).toEqual({ q: 'civc', fuel: 'hybrid', sort: 'relevance', limit: '24', offset: '24' });
  expect(new URL(`http://x${api.requests.find(({ path }) => path === '/search')!.path}`).pathname).toBe('/search');
  expect(api.sent('GET', '/search/facets')[0]?.query).toMatchObject({ q: 'civc' });
  await loaders['catalog/ComparePage']!({
    ...context(queryClient, null, 'ids=00000000-0000-4000-8000-000000000001,not-an-id,00000000-0000-4000-8000-000000000002'),
    props: {},
  });
  expect(api.sent('GET', '/compare')[0]?.query).toEqual({ ids: '00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002' });
});

test("a car's loader tells a known car from an unknown one (a 404) and an ended listing (a 410); fresh data is not read again", async () => {
  api.reply('GET', '/audis/c1', 200, car);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const load = loaders['catalog/CarDetailPage']!;
  expect(await load(context(queryClient, null))).toEqual({ notFound: false, gone: false });
  expect(queryClient.getQueryData(carKeys.detail('audi', 'c1'))).toMatchObject(car);
  await load(context(queryClient, null));
  expect(asked()).toEqual(['GET /audis/c1']);
  api.reply('GET', '/audis/c2', 404, { message: 'No audi car with id c2' });
  expect(await load(context(queryClient, null, '', 'c2'))).toEqual({ notFound: true, gone: false });
  api.reply('GET', '/audis/c3', 410, { message: 'This listing was removed by the moderators', removed: 'hidden' });
  expect(await load(context(queryClient, null, '', 'c3'))).toEqual({ notFound: false, gone: true });
});
