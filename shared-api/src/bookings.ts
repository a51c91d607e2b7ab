import type { AcknowledgedResponse, Booking, BookingInput } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request } from '@usedcars/shared-api';

export function createBooking(input: BookingInput): Promise<AcknowledgedResponse> {
  return request<AcknowledgedResponse>('/bookings', { method: 'POST', body: input });
}

export function fetchBookings(email: string, signal?: AbortSignal): Promise<Booking[]> {
  return request<Booking[]>('/bookings', { query: { email }, signal });
}

export function fetchBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return request<Booking>(`/bookings/${encodeURIComponent(id)}`, { signal });
}

export function fetchMyBuyers(signal?: AbortSignal): Promise<Booking[]> {
  return request<Booking[]>('/myBuyers', { signal });
}
