import type { PrefetchContext } from '@usedcars/federation';
import { CATEGORIES } from '@usedcars/shared-contract';
// Through the package's own entry, not '../users': the entry is the copy the page shares.
import { fetchUserByEmail, listUsersByRole } from '@usedcars/shared-api';
import { fetchBookings, fetchMyBuyers } from '../bookings';
import { fetchSellerCars } from '../cars';
import { dashboardKeys } from './dashboardKeys';

type QueryClient = PrefetchContext<'dashboard/DashboardHome'>['queryClient'];

/** The signed-in person's account record (GET /users?email=), read once per session. */
export const accountRecordQuery = (email: string) => ({
  queryKey: dashboardKeys.account(email),
  queryFn: async () => {
    const record = await fetchUserByEmail(email);
    if (!record) throw new Error('Your account has no record yet; log out and in again.');
    return record;
  },
  staleTime: Infinity,
});

/** A seller's cars of each brand (GET /myAudi, /myHonda, /myMercedess). */
export const sellerCarsQueries = (sellerName: string) =>
  CATEGORIES.map((category) => ({
    queryKey: dashboardKeys.sellerCars(category, sellerName),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchSellerCars(category, sellerName, signal),
  }));

/** The buyer's bookings (GET /bookings?email=). */
export const myOrdersQuery = (email: string) => ({
  queryKey: dashboardKeys.bookings(email),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBookings(email, signal),
});

/** Bookings of the seller's cars (GET /myBuyers). */
export const myBuyersQuery = () => ({
  queryKey: dashboardKeys.myBuyers(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMyBuyers(signal),
});

export type AccountRole = 'Buyer' | 'Seller';

/** GET /user?role= (admin only). */
export const accountsQuery = (role: AccountRole) => ({ queryKey: dashboardKeys.users(role), queryFn: () => listUsersByRole(role) });

/** The seller's name, then their cars: the API stamps a seller's cars with the name on their account record. */
async function readSellerCars(queryClient: QueryClient, email: string): Promise<void> {
  await queryClient.prefetchQuery(accountRecordQuery(email));
  const sellerName = queryClient.getQueryData<{ name: string }>(dashboardKeys.account(email))?.name;
  if (sellerName) await Promise.all(sellerCarsQueries(sellerName).map((query) => queryClient.prefetchQuery(query)));
}

/** The dashboard's home: what the viewer's role sees there. */
export async function loadDashboardHome({ queryClient, viewer }: PrefetchContext<'dashboard/DashboardHome'>): Promise<void> {
  if (!viewer) return;
  if (viewer.role === 'admin') await Promise.all([queryClient.prefetchQuery(accountsQuery('Buyer')), queryClient.prefetchQuery(accountsQuery('Seller'))]);
  else if (viewer.role === 'Seller') await readSellerCars(queryClient, viewer.email);
  else await queryClient.prefetchQuery(myOrdersQuery(viewer.email));
}

/** My Products: a seller's cars. */
export async function loadMyProductPage({ queryClient, viewer }: PrefetchContext<'dashboard/MyProductPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await readSellerCars(queryClient, viewer.email);
}

/** My Buyers: bookings of a seller's cars. */
export async function loadMyBuyersPage({ queryClient, viewer }: PrefetchContext<'dashboard/MyBuyersPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await queryClient.prefetchQuery(myBuyersQuery());
}
