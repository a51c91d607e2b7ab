import type { PrefetchContext } from '@usedcars/federation';
import { prefetchCarPage } from '../features/cars/carQueries';
import { readListView } from '../features/cars/listParams';

export { default } from '../features/brand-list/BrandListPage';

/** On the render server, for a signed-in visitor: the page of cars the address asks for arrives with the HTML. */
export async function prefetch({ queryClient, props, search }: PrefetchContext<'catalog/BrandListPage'>): Promise<void> {
  await prefetchCarPage(queryClient, props.category, readListView(search));
}
