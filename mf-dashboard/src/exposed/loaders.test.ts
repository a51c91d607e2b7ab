/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '@usedcars/shared-api/testing';
import { flattenScreens, remoteOf, type SessionViewer } from '@usedcars/shared-contract';
import { dashboardKeys } from '../lib/queryKeys';
import { loaders } from './loaders';

const api = fakeApi();
const car = { _id: 'c1', carName: 'A4', sellerName: 'Sam' };
const buyer: SessionViewer = { uid: 'u1', email: 'b@x.test', name: 'Bea', role: 'Buyer' };
const seller: SessionViewer = { uid: 'u2', email: 's@x.test', name: 'Sam', role: 'Seller' };
const context = (queryClient: QueryClient, viewer: SessionViewer | null) => ({
  queryClient,
  params: {},
  props: {},
  search: new URLSearchParams(),
  viewer,
  signal: new AbortController().signal,
});

test('every dashboard screen read before it is shown has a loader; the others read when shown', () => {
  const readers = flattenScreens().flatMap(({ screen }) =>
    'module' in screen && screen.readsApi && remoteOf(screen.module) === 'dashboard' ? [screen.module] : [],
  );
  for (const module of ['dashboard/DashboardHome', 'dashboard/MyProductPage', 'dashboard/MyBuyersPage', 'dashboard/SavedCarsPage'] as const) {
    expect(readers).toContain(module);
    expect(loaders[module]).toEqual(expect.any(Function));
  }
});

test("the dashboard's loaders read what each role's screen shows, under the keys its hooks read", async () => {
  api.reply('GET', '/bookings', 200, []);
  api.reply('GET', '/users', 200, [{ _id: 'u2', name: 'Sam', email: seller.email, role: 'Seller' }]);
  api.reply('GET', '/myAudi', 200, [car]);
  api.reply('GET', '/myHonda', 200, []);
  api.reply('GET', '/myMercedess', 200, []);
  const queryClient = new QueryClient();
  await loaders['dashboard/DashboardHome']!(context(queryClient, buyer));
  expect(queryClient.getQueryData(dashboardKeys.bookings(buyer.email))).toEqual([]);
  await loaders['dashboard/MyProductPage']!(context(queryClient, seller));
  expect(queryClient.getQueryData(dashboardKeys.sellerCars('audi', 'Sam'))).toEqual([car]);
  // A buyer's page is not a seller's: nothing is read for them.
  const before = api.requests.length;
  await loaders['dashboard/MyProductPage']!(context(new QueryClient(), buyer));
  expect(api.requests.length).toBe(before);
});

test("the Releases screen's loader reads the first remote's section for an admin, side by side, and nothing for anyone else", async () => {
  api.reply('GET', '/releases/live', 200, { remotes: {} });
  api.reply('GET', '/deploy-tokens', 200, []);
  api.reply('GET', '/releases', 200, []);
  api.reply('GET', '/releases/analysis', 200, []);
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({ status: 200, body: { remote, since, releases: [] } }));
  const before = api.requests.length;
  await loaders['dashboard/ReleasesPage']!(context(new QueryClient(), buyer));
  expect(api.requests.length).toBe(before);
  const admin: SessionViewer = { uid: 'u3', email: 'a@x.test', name: 'Ada', role: 'admin' };
  const queryClient = new QueryClient();
  await loaders['dashboard/ReleasesPage']!(context(queryClient, admin));
  expect(queryClient.getQueryData(dashboardKeys.releasesLive())).toEqual({ remotes: {} });
  expect(queryClient.getQueryData(dashboardKeys.releaseHistory('catalog'))).toEqual([]);
  expect(api.sent('GET', '/telemetry/summary').map((sent) => sent.query.remote)).toEqual(['catalog']);
  // The later sections read their own after it: a render does not wait for them.
  expect(api.sent('GET', '/releases').map((sent) => sent.query.remote)).toEqual(['catalog']);
  expect(api.sent('GET', '/deploy-tokens')).toEqual([]);
});
