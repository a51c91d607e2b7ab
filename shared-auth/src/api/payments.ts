import type { ClientSecretAnswer, InsertedAnswer, PaymentInput } from '@usedcars/shared-contract';
import { request } from './client';

/** The payment endpoints of SPEC.md §7; the amount always comes from the server's records. */

export function createPaymentIntent(bookingId: string): Promise<ClientSecretAnswer> {
  return request<ClientSecretAnswer>('/create-payment-intent', { method: 'POST', body: { bookingId } });
}

/** Recorded only when the gateway confirms this booking's intent succeeded; idempotent. */
export function recordPayment(payment: PaymentInput): Promise<InsertedAnswer> {
  return request<InsertedAnswer>('/payments', { method: 'POST', body: payment });
}
