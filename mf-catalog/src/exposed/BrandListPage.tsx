import type { PrefetchContext } from '@usedcars/federation';
import { prefetchCarPage } from '../lib/carQueries';
import { readListView } from '../lib/listParams';

export { default } from '../features/brand-list/BrandListPage';

/** On the render server, for a signed-in visitor: the page of cars the address asks for arrives with the HTML. */
export async function prefetch({ queryClient, props, search }: PrefetchContext<'catalog/BrandListPage'>): Promise<void> {
  await prefetchCarPage(queryClient, props.category, readListView(search));
}
