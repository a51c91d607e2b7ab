// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import type { PrefetchContext } from '@usedcars/federation';
import { accountsQuery } from '../features/admin/useAccounts';
import { myOrdersQuery } from '../features/my-orders/useMyOrders';
import { prefetchMyProducts } from '../features/my-products/useMyProducts';

export { default } from '../features/home/DashboardHome';

/** On the render server, for a signed-in visitor: what their role's home screen shows arrives with the HTML. */
export async function prefetch({ queryClient, viewer }: PrefetchContext<'dashboard/DashboardHome'>): Promise<void> {
  if (!viewer) return;
  if (viewer.role === 'admin') await Promise.all([queryClient.prefetchQuery(accountsQuery('Buyer')), queryClient.prefetchQuery(accountsQuery('Seller'))]);
  else if (viewer.role === 'Seller') await prefetchMyProducts(queryClient, viewer.email);
  else await queryClient.prefetchQuery(myOrdersQuery(viewer.email));
}
