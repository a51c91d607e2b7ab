import type { PrefetchContext, PrefetchResult, ScreenLoaders } from '@usedcars/federation';
import { favouritesQuery } from '@usedcars/shared-api/favourites';
import type { SessionViewer } from '@usedcars/shared-contract';
import { carKeys, carPageQuery, carQuery, isEndedListing, type CarLookup } from '../lib/carQueries';
import { readListView } from '../lib/listParams';

type QueryClient = PrefetchContext<'catalog/BrandListPage'>['queryClient'];

/** A signed-in buyer's hearts are on every car card and car page. */
function loadHearts(queryClient: QueryClient, viewer: SessionViewer | null): Promise<void> {
  return viewer?.role === 'Buyer' ? queryClient.prefetchQuery(favouritesQuery()) : Promise.resolve();
}

/** A brand's list: the page of cars the address asks for, and a buyer's hearts. */
async function loadBrandList({ queryClient, props, search, viewer }: PrefetchContext<'catalog/BrandListPage'>): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(carPageQuery(props.category, readListView(search))), loadHearts(queryClient, viewer)]);
}

/** A car's page: the car (an unknown id is a 404, an ended listing a 410 on the server), and a buyer's hearts. */
async function loadCarDetail({ queryClient, params, props, viewer }: PrefetchContext<'catalog/CarDetailPage'>): Promise<PrefetchResult> {
  const id = params.id ?? '';
  await Promise.all([queryClient.prefetchQuery(carQuery(props.category, id)), loadHearts(queryClient, viewer)]);
  const lookup = queryClient.getQueryData<CarLookup>(carKeys.detail(props.category, id));
  return { notFound: lookup === null, gone: isEndedListing(lookup) };
}

/**
 * What each catalog screen reads before it is shown, under the keys its hooks read: run by the
 * render server and by the page before a move, from this very build (docs/how-to.md, "Change what a screen reads").
 */
export const loaders: ScreenLoaders<'catalog'> = {
  'catalog/HomePage': null,
  'catalog/AboutPage': null,
  'catalog/BlogsPage': null,
  'catalog/BrandListPage': loadBrandList,
  'catalog/CarDetailPage': loadCarDetail,
};
