import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchMarketEstimate } from '@usedcars/shared-api/cars';
import type { MarketEstimateQuery } from '@usedcars/shared-contract';
import type { CarFormValues } from './carForm';

/** Typing settles for this long before the market is asked: one request per pause, not per key. */
const SETTLE_MS = 400;

/** The car as the market reads it, once its name and year are filled in; null until then. */
function asQuery(values: CarFormValues): MarketEstimateQuery | null {
  const mileage = Number(values.mileage.replace(/,/g, ''));
  if (values.carName.trim() === '' || !/^\d{4}$/.test(values.purchaseYear.trim())) return null;
  return {
    category: values.categoryName as MarketEstimateQuery['category'],
    carName: values.carName.trim(),
    purchaseYear: values.purchaseYear.trim(),
    ...(values.mileage.trim() !== '' && Number.isInteger(mileage) && mileage >= 0 ? { mileage } : {}),
  };
}

/** What similar cars of other sellers sell for, as the seller fills in Add Product (GET /market/estimate). */
export function useMarketEstimate(values: CarFormValues) {
  const query = asQuery(values);
  const key = JSON.stringify(query);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const asked = JSON.parse(settled) as MarketEstimateQuery | null;
  const estimate = useQuery({
    queryKey: ['market-estimate', asked],
    queryFn: ({ signal }) => fetchMarketEstimate(asked!, signal),
    enabled: asked !== null,
    retry: false,
  });
  return { estimate: asked === null ? undefined : estimate.data, pending: query !== null && (settled !== key || estimate.isFetching) };
}
