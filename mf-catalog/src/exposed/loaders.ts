import type { ScreenLoaderContext, ScreenLoaderResult, ScreenLoaders } from '@usedcars/federation';
import { siteSettingsQuery } from '@usedcars/shared-api/cars';
import { favouritesQuery } from '@usedcars/shared-api/favourites';
import type { SessionViewer } from '@usedcars/shared-contract';
import { carKeys, carPageQuery, carQuery, compareQuery, facetsQuery, isEndedListing, searchPageQuery, type CarLookup } from '../lib/carQueries';
import { brandFacetFilters, readListView } from '../lib/listParams';
import { readCompareIds } from '../lib/compareParams';
import { readSearchView } from '../lib/searchParams';

type QueryClient = ScreenLoaderContext<'catalog/BrandListPage'>['queryClient'];

/** A signed-in buyer's favourites are on every car card and car page. */
function loadFavourites(queryClient: QueryClient, viewer: SessionViewer | null): Promise<void> {
  return viewer?.role === 'Buyer' ? queryClient.prefetchQuery(favouritesQuery()) : Promise.resolve();
}

/** Every screen that shows a car shows its mileage in the site's unit. */
const loadSettings = (queryClient: QueryClient) => queryClient.prefetchQuery(siteSettingsQuery());

/** A brand's list: the page of cars the address asks for, its facets' counts, and a buyer's favourites. */
async function loadBrandList({ queryClient, props, search, viewer }: ScreenLoaderContext<'catalog/BrandListPage'>): Promise<void> {
  const view = readListView(search);
  await Promise.all([
    queryClient.prefetchQuery(carPageQuery(props.category, view)),
    queryClient.prefetchQuery(facetsQuery(brandFacetFilters(props.category, view.filters))),
    loadSettings(queryClient),
    loadFavourites(queryClient, viewer),
  ]);
}

/** The search: its page of cars and its facets' counts, and a buyer's favourites. */
async function loadSearch({ queryClient, search, viewer }: ScreenLoaderContext<'catalog/SearchPage'>): Promise<void> {
  const view = readSearchView(search);
  await Promise.all([
    queryClient.prefetchQuery(searchPageQuery(view)),
    queryClient.prefetchQuery(facetsQuery(view.filters)),
    loadSettings(queryClient),
    loadFavourites(queryClient, viewer),
  ]);
}

/** The comparison: the cars its address names. */
async function loadCompare({ queryClient, search }: ScreenLoaderContext<'catalog/ComparePage'>): Promise<void> {
  const ids = readCompareIds(search);
  await Promise.all([ids.length > 0 ? queryClient.prefetchQuery(compareQuery(ids)) : undefined, loadSettings(queryClient)]);
}

/** A car's page: the car (an unknown id is a 404, an ended listing a 410 on the server), and a buyer's favourites. */
async function loadCarDetail({ queryClient, params, props, viewer }: ScreenLoaderContext<'catalog/CarDetailPage'>): Promise<ScreenLoaderResult> {
  const id = params.id ?? '';
  await Promise.all([queryClient.prefetchQuery(carQuery(props.category, id)), loadSettings(queryClient), loadFavourites(queryClient, viewer)]);
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
  'catalog/SearchPage': loadSearch,
  'catalog/ComparePage': loadCompare,
};
