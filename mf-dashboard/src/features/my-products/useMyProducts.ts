import { useQueries } from '@tanstack/react-query';
import { SELLER_CARS_MAX, fetchSellerCars } from '@usedcars/shared-api/cars';
import { CATEGORIES, type Car } from '@usedcars/shared-contract';
import { useAccountName } from '../../hooks/useAccountName';
import type { TableQuery } from '../../components/DataTable';
import { dashboardKeys } from '../../lib/queryKeys';

/** A seller's cars of each brand (GET /myAudi, /myHonda, /myMercedess). */
export const sellerCarsQueries = (sellerName: string) =>
  CATEGORIES.map((category) => ({
    queryKey: dashboardKeys.sellerCars(category, sellerName),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchSellerCars(category, sellerName, signal),
  }));

/** Newest posting first; cars posted the same day keep the API's newest-added-first order. */
export function newestFirst(cars: readonly Car[]): Car[] {
  const posted = (car: Car) => {
    const time = Date.parse(car.time);
    return Number.isNaN(time) ? 0 : time;
  };
  return [...cars].sort((a, b) => posted(b) - posted(a));
}

export interface MyProducts extends TableQuery<Car> {
  /** Some brand has more than SELLER_CARS_MAX cars, so its oldest are not shown. */
  truncated: boolean;
}

/** The seller's cars of the three brands (GET /myAudi, /myHonda, /myMercedess), merged into one list. */
export function useMyProducts(): MyProducts {
  const name = useAccountName();
  const sellerName = name.data ?? '';
  const results = useQueries({ queries: sellerCarsQueries(sellerName).map((query) => ({ ...query, enabled: Boolean(sellerName) })) });

  const failed = name.isError ? name : results.find((result) => result.isError);
  const complete = results.every((result) => result.data !== undefined);
  return {
    data: complete ? newestFirst(results.flatMap((result) => result.data ?? [])) : undefined,
    isPending: !failed && !complete,
    isError: Boolean(failed),
    error: failed?.error ?? null,
    isRefetching: name.isRefetching || results.some((result) => result.isRefetching),
    truncated: results.some((result) => (result.data?.length ?? 0) >= SELLER_CARS_MAX),
    refetch: () => (name.isError ? name.refetch() : Promise.all(results.map((result) => result.refetch()))),
  };
}
