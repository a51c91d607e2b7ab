import type { PrefetchContext } from '@usedcars/federation';
import CarDetailPage from '../features/car-detail/CarDetailPage';
import { prefetchCar } from '../features/cars/carQueries';

export default CarDetailPage;

/** On the server: the car is read before the page is rendered, so it arrives with the HTML. */
export function prefetch({ queryClient, params, props }: PrefetchContext<'catalog/CarDetailPage'>): Promise<void> {
  return prefetchCar(queryClient, props.category, params.id ?? '');
}
