import type { PaymentConfig, PaymentGatewayName } from '@usedcars/shared-contract';

/** Stripe's payment intent statuses; only `succeeded` means the money was taken. */
const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export function isIntentStatus(status: string): status is IntentStatus {
  return (INTENT_STATUSES as readonly string[]).includes(status);
}

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  metadata: { bookingId?: string };
  /** The provider's message for the last failed confirmation. */
  lastError?: string;
}

/** A provider notification the server acts on; anything else is acknowledged and ignored. */
export type GatewayEvent = { type: 'payment_intent.succeeded'; intentId: string } | { type: 'other'; name: string };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** The card provider as the API needs it, in Stripe's shape, so both gateways fit it. */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** What the payment page needs to show the matching card form (GET /payment-config). */
  readonly clientConfig: PaymentConfig;
  /** The same idempotency key returns the same intent, so a booking never gets two. */
  createIntent(bookingId: string, amountCents: number, idempotencyKey: string): Promise<PaymentIntent>;
  /** Throws UnknownIntentError for an id the provider does not know. */
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /** Gives a succeeded intent's money back (a rival bought the car first); idempotent. */
  refund(intentId: string): Promise<void>;
  /** Checks the provider's signature on a webhook body; throws WebhookSignatureError when it fails. */
  parseWebhook(rawBody: string, headers: WebhookHeaders): GatewayEvent;
}

export class UnknownIntentError extends Error {}
export class WebhookSignatureError extends Error {}

/** Reads Stripe's event shape (both gateways send it) once its signature is known to be good. */
export function readEvent(rawBody: string): GatewayEvent {
  let event: { type?: unknown; data?: { object?: { id?: unknown } } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw new WebhookSignatureError('The webhook body is not JSON');
  }
  const id = event.data?.object?.id;
  if (event.type === 'payment_intent.succeeded' && typeof id === 'string') return { type: 'payment_intent.succeeded', intentId: id };
  return { type: 'other', name: String(event.type) };
}
