/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { flattenScreens, type SessionViewer } from '@usedcars/shared-contract';
import {
  SCREEN_LOADERS,
  carKeys,
  dashboardKeys,
  favouriteKeys,
  loadBrandList,
  loadCarDetail,
  loadDashboardHome,
  loadMyProductPage,
  readListView,
} from '@usedcars/shared-api/loaders';

/** A stand-in for the API on 127.0.0.1: it answers each address from `answers`, and keeps the addresses asked for. */
let server: Server;
let asked: string[];
let answers: Record<string, { status?: number; body: unknown }>;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const answer = answers[(req.url ?? '').split('?')[0]!] ?? { status: 404, body: { message: 'Not found' } };
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', 'X-Total-Count': '1' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  connect({ config: readRuntimeConfig({ apiUrl: base }), session: { accessToken: () => null, refreshAccessToken: async () => null } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = [];
  answers = {};
});

const car = { _id: 'c1', carName: 'A4', sellerName: 'Sam' };
const buyer: SessionViewer = { uid: 'u1', email: 'b@x.test', name: 'Bea', role: 'Buyer' };
const seller: SessionViewer = { uid: 'u2', email: 's@x.test', name: 'Sam', role: 'Seller' };
const context = (queryClient: QueryClient, viewer: SessionViewer | null, search = '') => ({
  queryClient,
  params: { id: 'c1' },
  search: new URLSearchParams(search),
  viewer,
  signal: new AbortController().signal,
});

test('every screen that reads the API has an entry in the loader table', () => {
  const readers = flattenScreens().flatMap(({ screen }) => (screen.readsApi && 'module' in screen ? [screen.module] : []));
  expect(readers.length).toBeGreaterThan(5);
  for (const module of readers) expect(SCREEN_LOADERS).toHaveProperty([module]);
});

test("a brand list's loader fills the key the list reads for the address's view, and a buyer's hearts", async () => {
  answers = { '/audis': { body: [car] }, '/favourites': { body: { cars: [], gone: [] } } };
  const queryClient = new QueryClient();
  await loadBrandList({ ...context(queryClient, buyer, 'sort=price&page=2'), props: { category: 'audi' } });
  expect(asked.find((url) => url.startsWith('/audis'))).toMatch(/sort=price.*offset=24|offset=24.*sort=price/);
  expect(queryClient.getQueryData(carKeys.list('audi', readListView(new URLSearchParams('page=2&sort=price'))))).toMatchObject({ cars: [car] });
  expect(queryClient.getQueryData(favouriteKeys.all)).toEqual({ cars: [], gone: [] });
});

test("a car's loader tells an unknown car from a known one; fresh data is not read again", async () => {
  answers = { '/audis/c1': { body: car } };
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  expect(await loadCarDetail({ ...context(queryClient, null), props: { category: 'audi' } })).toEqual({ notFound: false, gone: false });
  expect(queryClient.getQueryData(carKeys.detail('audi', 'c1'))).toMatchObject(car);
  await loadCarDetail({ ...context(queryClient, null), props: { category: 'audi' } });
  expect(asked).toEqual(['/audis/c1']);
  expect(await loadCarDetail({ ...context(queryClient, null), params: { id: 'nope' }, props: { category: 'audi' } })).toEqual({ notFound: true, gone: false });
});

test("the dashboard's loaders read what each role's screen shows, under the dashboard's keys", async () => {
  answers = {
    '/bookings': { body: [] },
    '/users': { body: [{ _id: 'u2', name: 'Sam', email: seller.email, role: 'Seller' }] },
    '/myAudi': { body: [car] },
    '/myHonda': { body: [] },
    '/myMercedess': { body: [] },
  };
  const queryClient = new QueryClient();
  await loadDashboardHome({ ...context(queryClient, buyer), props: {} });
  expect(queryClient.getQueryData(dashboardKeys.bookings(buyer.email))).toEqual([]);
  await loadMyProductPage({ ...context(queryClient, seller), props: {} });
  expect(queryClient.getQueryData(dashboardKeys.sellerCars('audi', 'Sam'))).toEqual([car]);
  // A buyer's page is not a seller's: nothing is read for them.
  asked = [];
  await loadMyProductPage({ ...context(new QueryClient(), buyer), props: {} });
  expect(asked).toEqual([]);
});
