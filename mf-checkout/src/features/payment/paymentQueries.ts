import { useQuery } from '@tanstack/react-query';
import { ApiError, createPaymentIntent, fetchBooking, fetchPaymentConfig } from '@usedcars/shared-auth';
import { QUERY_RETRIES } from '@usedcars/shared-ui';

/** The payment page's query keys, one per resource it reads. */
export const paymentKeys = {
  config: () => ['payment-config'] as const,
  booking: (id: string) => ['booking', { id }] as const,
  intent: (bookingId: string) => ['payment-intent', { bookingId }] as const,
};

/** SPEC.md §9's retries are for outages; a refusal (sold, not yours, not found) answers the same every time. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
}

export function useBooking(id: string) {
  return useQuery({
    queryKey: paymentKeys.booking(id),
    queryFn: ({ signal }) => fetchBooking(id, signal),
    retry: retryUnlessRefused,
  });
}

/**
 * SPEC.md §4: opening the payment form requests a payment intent. A query, so a second render
 * (StrictMode, a remount) reuses it; the server answers the same intent for a booking anyway.
 */
export function usePaymentIntent(bookingId: string) {
  return useQuery({
    queryKey: paymentKeys.intent(bookingId),
    queryFn: () => createPaymentIntent(bookingId),
    staleTime: Infinity,
    gcTime: 0,
    retry: retryUnlessRefused,
  });
}
