import type { AcknowledgedResponse, Booking, BookingInput } from '@usedcars/shared-contract';
// Through the package's own entry, not './client': this module is a subpath each remote bundles
// for itself, and the entry is the copy the page shares (docs/architecture.md, "Module federation").
import { request } from '@usedcars/shared-api';

/** The booking endpoints (docs/api.md, "Bookings"). The API books for the caller only. */

/**
 * POST /bookings. A refusal (sold, already booked) comes back as an ApiError with status 409
 * whose message is the server's, for the dialog's toast.
 */
export function createBooking(input: BookingInput): Promise<AcknowledgedResponse> {
  return request<AcknowledgedResponse>('/bookings', { method: 'POST', body: input });
}

/** The caller's bookings (GET /bookings?email=). */
export function fetchBookings(email: string, signal?: AbortSignal): Promise<Booking[]> {
  return request<Booking[]>('/bookings', { query: { email }, signal });
}

/** One of the caller's bookings (the payment page). */
export function fetchBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return request<Booking>(`/bookings/${encodeURIComponent(id)}`, { signal });
}

/** Bookings of the caller's cars (Seller): who booked what, paid or not. */
export function fetchMyBuyers(signal?: AbortSignal): Promise<Booking[]> {
  return request<Booking[]>('/myBuyers', { signal });
}
