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
} from '@usedcars/shared-contract';
// Through the package's own entry, not './client': this module is a subpath each remote bundles
// for itself, and the entry is the copy the page shares (docs/architecture.md, "Module federation").
import { apiUrl, request, requestWithHeaders } from '@usedcars/shared-api';

/** The car endpoints (docs/api.md, "Cars": GET /audis, /hondas, /mercedess and their ids). */

export interface CarPage {
  cars: Car[];
  /** How many cars match the filters (X-Total-Count), for paging. */
  total: number;
  /**
   * The opaque `cursor` of the page after and the page before this one (X-Next-Cursor,
   * X-Prev-Cursor); absent where there is none. Pages deeper than an offset may reach are asked
   * for with these (docs/list-paging.md).
   */
  next?: string;
  prev?: string;
}

/** One page of a brand's list; filters and sort as the API names them. */
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

/**
 * The most cars of one brand the dashboard reads for one seller: a seller with hundreds of cars
 * sees them all, paged on the screen; past this the list says it is cut short.
 */
export const SELLER_CARS_MAX = 2_000;

/**
 * One seller's cars of one brand (GET /myAudi?sellerName=…), newest first: pages of
 * CAR_LIST_MAX_LIMIT, following X-Next-Cursor (docs/list-paging.md), up to SELLER_CARS_MAX.
 */
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

/** Seller only; the API takes the seller from the access token. */
export function addCar(car: CarInput): Promise<AcknowledgedResponse> {
  return request<AcknowledgedResponse>(CATEGORY_PATHS[car.categoryName].apiCollection, { method: 'POST', body: car });
}

/** Seller only: changes one of their own cars (price, details, location, condition) or ends it (status). */
export function updateCar(category: Category, id: string, update: CarUpdate): Promise<Car> {
  return request<Car>(`${CATEGORY_PATHS[category].apiCollection}/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

/** Demo pictures are paths the API serves (/images/…); links from sellers are used as they are. */
export function carImageUrl(img: string): string {
  return img.startsWith('/') ? apiUrl(img) : img;
}
