import type { PrefetchContext, PrefetchResult } from '@usedcars/federation';
import CarDetailPage from '../features/car-detail/CarDetailPage';
import { prefetchCar } from '../lib/carQueries';

export default CarDetailPage;

/** On the server: the car is read before the page is rendered, so it arrives with the HTML; an unknown id is a 404, an ended listing a 410. */
export async function prefetch({ queryClient, params, props }: PrefetchContext<'catalog/CarDetailPage'>): Promise<PrefetchResult> {
  const { found, ended } = await prefetchCar(queryClient, props.category, params.id ?? '');
  return { notFound: !found, gone: ended };
}
