// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import type { PrefetchContext } from '@usedcars/federation';
import { myBuyersQuery } from '../features/my-buyers/useMyBuyers';

export { default } from '../features/my-buyers/MyBuyersPage';

/** On the render server, for a signed-in seller: the bookings of their cars arrive with the HTML. */
export async function prefetch({ queryClient, viewer }: PrefetchContext<'dashboard/MyBuyersPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await queryClient.prefetchQuery(myBuyersQuery());
}
