import type { CancelReason, CarStatus } from './orderFlow';

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
  /** A booking its seller's ending of the listing cancelled (its why: CANCEL_REASON_LABELS). */
  cancelled: 'Cancelled',
} as const;

/** Why a booking was cancelled, as its buyer reads it in My Orders. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  withdrawn: 'The seller withdrew this car',
  soldElsewhere: 'The seller sold this car elsewhere',
};
