import type { ClientSecretResponse, InsertedResponse, PaymentConfig, PaymentInput, TestCardConfirmation, TestCardConfirmed } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { ApiError, request } from '@usedcars/shared-api';

export function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return request<PaymentConfig>('/payment-config', { auth: 'none', signal });
}

export function createPaymentIntent(bookingId: string): Promise<ClientSecretResponse> {
  return request<ClientSecretResponse>('/create-payment-intent', { method: 'POST', body: { bookingId } });
}

export function recordPayment(payment: PaymentInput): Promise<InsertedResponse> {
  return request<InsertedResponse>('/payments', { method: 'POST', body: payment });
}

/** Shaped like Stripe.js's confirmCardPayment result: the page handles both gateways alike. */
export type CardConfirmation = { paymentIntent: TestCardConfirmed; error?: undefined } | { paymentIntent?: undefined; error: { message: string } };

/** A refused card resolves with the provider's message, as Stripe.js does. */
export async function confirmTestCardPayment(confirmation: TestCardConfirmation): Promise<CardConfirmation> {
  try {
    // The client secret is the capability, as with Stripe.
    return { paymentIntent: await request<TestCardConfirmed>('/test-gateway/confirm', { method: 'POST', body: confirmation, auth: 'none' }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return { error: { message: error.message } };
    throw error;
  }
}
