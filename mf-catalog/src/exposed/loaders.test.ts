/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { QueryClient } from '@tanstack/react-query';
import { standInApi } from '@usedcars/shared-api/testing';
import { favouriteKeys } from '@usedcars/shared-api/favourites';
import { flattenScreens, remoteOf, type SessionViewer } from '@usedcars/shared-contract';
import { carKeys } from '../lib/carQueries';
import { readListView } from '../lib/listParams';
import { loaders } from './loaders';

const api = standInApi();
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
const asked = () => api.requests.map(({ method, path }) => `${method} ${path}`);

test('every catalog screen that reads the API has a loader', () => {
  const readers = flattenScreens().flatMap(({ screen }) =>
    'module' in screen && screen.readsApi && remoteOf(screen.module) === 'catalog' ? [screen.module] : [],
  );
  expect(readers.length).toBeGreaterThan(0);
  for (const module of readers) expect(loaders[module as keyof typeof loaders]).toEqual(expect.any(Function));
});

test("a brand list's loader fills the key the list reads for the address's view, and a buyer's hearts", async () => {
  api.reply('GET', '/audis', 200, [car], { 'X-Total-Count': '1' });
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  const queryClient = new QueryClient();
  await loaders['catalog/BrandListPage']!(context(queryClient, buyer, 'sort=price&page=2'));
  expect(api.requests.find(({ path }) => path === '/audis')?.query).toMatchObject({ sort: 'price', offset: '24', limit: '24' });
  expect(queryClient.getQueryData(carKeys.list('audi', readListView(new URLSearchParams('page=2&sort=price'))))).toMatchObject({ cars: [car] });
  expect(queryClient.getQueryData(favouriteKeys.all)).toEqual({ cars: [], gone: [] });
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
