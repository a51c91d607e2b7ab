import { useQuery } from '@tanstack/react-query';
import { fetchBooking } from '@usedcars/shared-api/bookings';
import { createPaymentIntent, fetchPaymentConfig } from '@usedcars/shared-api/payments';

/** The payment page's query keys, one per resource it reads. */
export const paymentKeys = {
  config: () => ['payment-config'] as const,
  booking: (id: string) => ['booking', { id }] as const,
  intent: (bookingId: string) => ['payment-intent', { bookingId }] as const,
};

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    staleTime: Infinity,
  });
}

export function useBooking(id: string) {
  return useQuery({
    queryKey: paymentKeys.booking(id),
    queryFn: ({ signal }) => fetchBooking(id, signal),
  });
}

/**
 * Opening the payment form requests a payment intent. A query, so a second render
 * (StrictMode, a remount) reuses it; the server returns the same intent for a booking anyway.
 */
export function usePaymentIntent(bookingId: string) {
  return useQuery({
    queryKey: paymentKeys.intent(bookingId),
    queryFn: () => createPaymentIntent(bookingId),
    staleTime: Infinity,
    gcTime: 0,
  });
}
