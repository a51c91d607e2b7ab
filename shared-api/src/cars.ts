import {
  CAR_LIST_MAX_LIMIT,
  CATEGORY_PATHS,
  NEXT_CURSOR_HEADER,
  PREV_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type AcknowledgedResponse,
  type Car,
  type CarInput,
  type CarListQuery,
  type CarUpdate,
  type Category,
  type MarketEstimate,
  type MarketEstimateQuery,
  type SiteSettings,
} from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { apiUrl, request, requestWithHeaders } from '@usedcars/shared-api';

export interface CarPage {
  cars: Car[];
  total: number;
  /** Cursors, for pages deeper than an offset may reach (docs/list-paging.md). */
  next?: string;
  prev?: string;
}

export async function fetchCarPage(category: Category, query: CarListQuery, signal?: AbortSignal): Promise<CarPage> {
  const { data, headers } = await requestWithHeaders<Car[]>(CATEGORY_PATHS[category].apiCollection, {
    query: { ...query },
    auth: 'none',
    signal,
  });
  // Number(null) is 0: a missing header must not read as "no cars".
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return {
    cars: data,
    total: Number.isFinite(total) ? total : data.length,
    next: headers.get(NEXT_CURSOR_HEADER) ?? undefined,
    prev: headers.get(PREV_CURSOR_HEADER) ?? undefined,
  };
}

export function fetchCar(category: Category, id: string, signal?: AbortSignal): Promise<Car> {
  return request<Car>(`${CATEGORY_PATHS[category].apiCollection}/${encodeURIComponent(id)}`, { auth: 'none', signal });
}

/** Past this the seller's list says it is cut short. */
export const SELLER_CARS_MAX = 2_000;

export async function fetchSellerCars(category: Category, sellerName: string, signal?: AbortSignal): Promise<Car[]> {
  const cars: Car[] = [];
  let cursor: string | undefined;
  do {
    const { data, headers } = await requestWithHeaders<Car[]>(CATEGORY_PATHS[category].apiSellerCollection, {
      query: { sellerName, limit: CAR_LIST_MAX_LIMIT, cursor },
      signal,
    });
    cars.push(...data);
    cursor = headers.get(NEXT_CURSOR_HEADER) ?? undefined;
  } while (cursor && cars.length < SELLER_CARS_MAX);
  return cars;
}

export function addCar(car: CarInput): Promise<AcknowledgedResponse> {
  return request<AcknowledgedResponse>(CATEGORY_PATHS[car.categoryName].apiCollection, { method: 'POST', body: car });
}

export function updateCar(category: Category, id: string, update: CarUpdate): Promise<Car> {
  return request<Car>(`${CATEGORY_PATHS[category].apiCollection}/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

export function carImageUrl(img: string): string {
  return img.startsWith('/') ? apiUrl(img) : img;
}

/** The site's unit and the monthly cost's defaults (docs/api.md, "Site settings"): the same for every screen, for the whole visit. */
export function fetchSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return request<SiteSettings>('/site-settings', { auth: 'none', signal });
}

/** Two remotes show cars in the site's unit; one place in the page's cache, read once a visit. */
export const siteSettingsQuery = () => ({
  queryKey: ['site-settings'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSiteSettings(signal),
  staleTime: Infinity,
});

/** Seller: the market's estimate for a car as it would be listed. */
export function fetchMarketEstimate(query: MarketEstimateQuery, signal?: AbortSignal): Promise<MarketEstimate> {
  return request<MarketEstimate>('/market/estimate', { query: { ...query }, signal });
}
