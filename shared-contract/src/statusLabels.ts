import type { CarStatus } from './orderFlow';

/** What a car's state is called on every screen (the catalog's badge, the seller's My Products). */
export const CAR_STATUS_LABELS: Record<CarStatus, string> = {
  available: 'Available',
  booked: 'Booked',
  sold: 'Sold',
};
