import type { CarStatus } from './orderFlow';

/** What a car's state is called on every screen (the catalog's badge, the seller's My Products). */
export const CAR_STATUS_LABELS: Record<CarStatus, string> = {
  available: 'Available',
  booked: 'Booked',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  soldElsewhere: 'Sold elsewhere',
};

/** What the screens call an order's state (a buyer's My Orders, a seller's My Buyers). */
export const ORDER_LABELS = {
  paid: 'Paid',
  notPaid: 'Not paid',
  /** An unpaid booking of a car that another buyer paid for first. */
  soldToAnother: 'Sold to another buyer',
} as const;
