// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import type { PrefetchContext } from '@usedcars/federation';
import { prefetchMyProducts } from '../features/my-products/useMyProducts';

export { default } from '../features/my-products/MyProductPage';

/** On the render server, for a signed-in seller: their cars arrive with the HTML. */
export async function prefetch({ queryClient, viewer }: PrefetchContext<'dashboard/MyProductPage'>): Promise<void> {
  if (viewer?.role === 'Seller') await prefetchMyProducts(queryClient, viewer.email);
}
