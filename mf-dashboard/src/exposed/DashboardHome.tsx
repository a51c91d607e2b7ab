// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import type { PrefetchContext } from '@usedcars/federation';
import { Spinner, usePageTitle } from '@usedcars/shared-ui';
import { AdminUsers } from '../features/admin/AdminUsers';
import { accountsQuery } from '../features/admin/useAccounts';
import { MyOrders } from '../features/my-orders/MyOrders';
import { myOrdersQuery } from '../features/my-orders/useMyOrders';
import { MyProducts } from '../features/my-products/MyProducts';
import { prefetchMyProducts } from '../features/my-products/useMyProducts';
import { useRole } from '../hooks/useRole';

function Loading() {
  usePageTitle('Dashboard');
  return <Spinner label="Loading your dashboard…" />;
}

/**
 * /dashboard by role (docs/product.md, "Dashboard"): admin gets the accounts, a Seller their products, anyone
 * else (buyers, and an account whose role could not be read) their orders. The screen composes the three
 * features; they never import each other (docs/how-to.md, "House rules").
 */
export default function DashboardHome() {
  const role = useRole();
  if (role === undefined) return <Loading />;
  if (role === 'admin') return <AdminUsers />;
  if (role === 'Seller') return <MyProducts />;
  return <MyOrders />;
}

/** On the render server, for a signed-in visitor: what their role's home screen shows arrives with the HTML. */
export async function prefetch({ queryClient, viewer }: PrefetchContext<'dashboard/DashboardHome'>): Promise<void> {
  if (!viewer) return;
  if (viewer.role === 'admin') await Promise.all([queryClient.prefetchQuery(accountsQuery('Buyer')), queryClient.prefetchQuery(accountsQuery('Seller'))]);
  else if (viewer.role === 'Seller') await prefetchMyProducts(queryClient, viewer.email);
  else await queryClient.prefetchQuery(myOrdersQuery(viewer.email));
}
