import type { ClientSecretResponse, InsertedResponse, PaymentConfig, PaymentInput, TestCardConfirmation, TestCardConfirmed } from '@usedcars/shared-contract';
// Through the package's own entry, not './client': this module is a subpath each remote bundles
// for itself, and the entry is the copy the page shares (docs/architecture.md, "Module federation").
import { ApiError, request } from '@usedcars/shared-api';

/** The payment endpoints (docs/api.md, "Payments"); the amount always comes from the server's records. */

/** Which card form to show: the offline test gateway's, or Stripe Elements with this key. */
export function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return request<PaymentConfig>('/payment-config', { auth: 'none', signal });
}

export function createPaymentIntent(bookingId: string): Promise<ClientSecretResponse> {
  return request<ClientSecretResponse>('/create-payment-intent', { method: 'POST', body: { bookingId } });
}

/** Recorded only when the gateway confirms this booking's intent succeeded; idempotent. */
export function recordPayment(payment: PaymentInput): Promise<InsertedResponse> {
  return request<InsertedResponse>('/payments', { method: 'POST', body: payment });
}

/** Shaped like Stripe.js's confirmCardPayment result, so the page handles both gateways alike. */
export type CardConfirmation = { paymentIntent: TestCardConfirmed; error?: undefined } | { paymentIntent?: undefined; error: { message: string } };

/**
 * The test gateway's card confirmation (Stripe.js does this for Stripe). A refused card is not a
 * failure of the call: it resolves with the provider's message, as Stripe.js does.
 */
export async function confirmTestCardPayment(confirmation: TestCardConfirmation): Promise<CardConfirmation> {
  try {
    // The client secret is the capability here, as with Stripe; no access token is involved.
    return { paymentIntent: await request<TestCardConfirmed>('/test-gateway/confirm', { method: 'POST', body: confirmation, auth: 'none' }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return { error: { message: error.message } };
    throw error;
  }
}
