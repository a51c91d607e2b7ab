import type { ScreenLoaderContext, ScreenLoaders } from '@usedcars/federation';
import { favouritesQuery } from '@usedcars/shared-api/favourites';
import { REMOTE_NAMES } from '@usedcars/shared-contract/topology';
import {
  HEALTH_WINDOWS,
  canaryAnalysisQuery,
  healthSince,
  liveSetQuery,
  releaseHealthQuery,
  releaseHistoryQuery,
} from '../features/admin/releases/useReleases';
import { accountsQuery } from '../features/admin/useAccounts';
import { myBuyersQuery } from '../features/my-buyers/useMyBuyers';
import { sellerCarsQueries } from '../features/my-products/useMyProducts';
import { myOrdersQuery } from '../features/my-orders/useMyOrders';
import { accountRecordQuery } from '../hooks/useAccountName';
import { dashboardKeys } from '../lib/queryKeys';

type QueryClient = ScreenLoaderContext<'dashboard/DashboardHome'>['queryClient'];

/** The seller's name, then their cars: the API stamps a seller's cars with the name on their account record. */
async function readSellerCars(queryClient: QueryClient, email: string): Promise<void> {
  await queryClient.prefetchQuery(accountRecordQuery(email));
  const sellerName = queryClient.getQueryData<{ name: string }>(dashboardKeys.account(email))?.name;
  if (sellerName) await Promise.all(sellerCarsQueries(sellerName).map((query) => queryClient.prefetchQuery(query)));
}

/** The dashboard's home: what the viewer's role sees there. */
async function loadDashboardHome({ queryClient, viewer }: ScreenLoaderContext<'dashboard/DashboardHome'>): Promise<void> {
  if (!viewer) return;
  if (viewer.role === 'admin') await Promise.all([queryClient.prefetchQuery(accountsQuery('Buyer')), queryClient.prefetchQuery(accountsQuery('Seller'))]);
  else if (viewer.role === 'Seller') await readSellerCars(queryClient, viewer.email);
  else await queryClient.prefetchQuery(myOrdersQuery(viewer.email));
}

/** A seller's cars, with the Manage actions. */
async function loadMyProducts({ queryClient, viewer }: ScreenLoaderContext<'dashboard/MyProductPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await readSellerCars(queryClient, viewer.email);
}

/** The buyers of a seller's cars. */
async function loadMyBuyers({ queryClient, viewer }: ScreenLoaderContext<'dashboard/MyBuyersPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await queryClient.prefetchQuery(myBuyersQuery());
}

/** A buyer's favourites. */
async function loadSavedCars({ queryClient, viewer }: ScreenLoaderContext<'dashboard/SavedCarsPage'>): Promise<void> {
  if (viewer?.role === 'Buyer') await queryClient.prefetchQuery(favouritesQuery());
}

/**
 * The Releases screen's first section, side by side: the live set and the first remote's reads. The
 * others are read by their sections, which take turns after it, so a render never waits for them.
 */
async function loadReleases({ queryClient, viewer }: ScreenLoaderContext<'dashboard/ReleasesPage'>): Promise<void> {
  if (viewer?.role !== 'admin') return;
  const since = healthSince(HEALTH_WINDOWS[0].minutes);
  const first = REMOTE_NAMES[0];
  await Promise.all([
    queryClient.prefetchQuery(liveSetQuery()),
    ...(first
      ? [
          queryClient.prefetchQuery(releaseHistoryQuery(first)),
          queryClient.prefetchQuery(canaryAnalysisQuery(first)),
          queryClient.prefetchQuery(releaseHealthQuery(first, since)),
        ]
      : []),
  ]);
}

/**
 * What each dashboard screen reads before it is shown, under the keys its hooks read: run by the
 * render server and by the page before a move, from this very build (docs/how-to.md, "Change what a screen reads").
 */
export const loaders: ScreenLoaders<'dashboard'> = {
  'dashboard/DashboardLayout': null,
  'dashboard/DashboardHome': loadDashboardHome,
  'dashboard/AddProductPage': null,
  'dashboard/MyProductPage': loadMyProducts,
  'dashboard/MyBuyersPage': loadMyBuyers,
  'dashboard/SavedCarsPage': loadSavedCars,
  'dashboard/SavedSearchesPage': null,
  'dashboard/ReportsPage': null,
  'dashboard/AuditLogPage': null,
  'dashboard/ReleasesPage': loadReleases,
  'dashboard/PreviewsPage': null,
};
