import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type PaymentConfig, type PaymentGatewayName, type TestCardDetails, testCardOutcome } from '@usedcars/shared-contract';

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
  /** The same idempotency key answers the same intent, so a booking never gets two. */
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

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const TEST_SIGNATURE_HEADER = 'test-gateway-signature';
/** As Stripe: a signature older than this is refused, so a captured request cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface TestGatewayOptions {
  /** HMAC key of its webhook signatures; random per process unless set (TEST_GATEWAY_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** How long after a successful confirmation it notifies POST /webhooks/payments, like Stripe would. */
  webhookDelayMs?: number;
  now?: () => Date;
}

/**
 * The offline gateway: intents and confirmations on our own server, held in memory, following
 * Stripe's test cards and messages. It needs no network; for development and tests. Intents do
 * not survive a restart: the next POST /create-payment-intent simply starts a new one.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly clientConfig: PaymentConfig = { gateway: 'test' };
  readonly webhookDelayMs: number;
  private readonly webhookSecret: string;
  private readonly now: () => Date;
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly bySecret = new Map<string, string>();
  private readonly byKey = new Map<string, string>();
  private readonly refunded = new Set<string>();

  constructor(options: TestGatewayOptions = {}) {
    this.webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
    this.webhookDelayMs = options.webhookDelayMs ?? 5_000;
    this.now = options.now ?? (() => new Date());
  }

  async createIntent(bookingId: string, amountCents: number, idempotencyKey: string): Promise<PaymentIntent> {
    const known = this.byKey.get(idempotencyKey);
    const existing = known ? this.intents.get(known) : undefined;
    if (existing) return { ...existing };
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const intent: PaymentIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amount: amountCents,
      metadata: { bookingId },
    };
    this.intents.set(id, intent);
    this.bySecret.set(intent.clientSecret, id);
    this.byKey.set(idempotencyKey, id);
    return { ...intent };
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    const intent = this.intents.get(id);
    if (!intent) throw new UnknownIntentError(`No such payment intent: ${id}`);
    return { ...intent };
  }

  async refund(intentId: string): Promise<void> {
    const intent = await this.retrieveIntent(intentId);
    if (intent.status === 'succeeded') this.refunded.add(intentId);
  }

  isRefunded(intentId: string): boolean {
    return this.refunded.has(intentId);
  }

  /**
   * What the card form does with the provider: pay the intent with a card. A bare number stands
   * for that card with a valid expiry and CVC. The intent's lastError carries Stripe's message.
   */
  async confirm(clientSecret: string, card: TestCardDetails | string): Promise<PaymentIntent> {
    const id = this.bySecret.get(clientSecret);
    const intent = id ? this.intents.get(id) : undefined;
    if (!intent) throw new UnknownIntentError('No such payment intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') return { ...intent };
    const details = typeof card === 'string' ? { number: card, expMonth: 12, expYear: this.now().getFullYear() + 3, cvc: '123' } : card;
    const error = testCardOutcome(details, this.now());
    intent.status = error ? 'requires_payment_method' : 'succeeded';
    intent.lastError = error ?? undefined;
    return { ...intent };
  }

  /** A webhook body announcing the intent's success, in Stripe's event shape. */
  succeededEvent(intentId: string): string {
    const intent = this.intents.get(intentId);
    if (!intent) throw new UnknownIntentError(`No such payment intent: ${intentId}`);
    const { clientSecret: _secret, lastError: _error, ...object } = intent;
    return JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      type: 'payment_intent.succeeded',
      data: { object: { ...object, object: 'payment_intent' } },
    });
  }

  /** The signature header value for a webhook body (Stripe's `t=…,v1=…` scheme, HMAC-SHA256). */
  sign(rawBody: string, at: Date = this.now()): string {
    const timestamp = Math.floor(at.getTime() / 1000);
    return `t=${timestamp},v1=${this.hmac(`${timestamp}.${rawBody}`)}`;
  }

  signatureHeaders(rawBody: string): Record<string, string> {
    return { [TEST_SIGNATURE_HEADER]: this.sign(rawBody), 'content-type': 'application/json' };
  }

  parseWebhook(rawBody: string, headers: WebhookHeaders): GatewayEvent {
    const value = header(headers, TEST_SIGNATURE_HEADER);
    if (!value) throw new WebhookSignatureError(`The ${TEST_SIGNATURE_HEADER} header is missing`);
    const parts = new Map(value.split(',').map((part) => part.split('=', 2) as [string, string]));
    const timestamp = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const expected = Buffer.from(this.hmac(`${parts.get('t')}.${rawBody}`), 'hex');
    if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError('The webhook signature does not match the body');
    }
    if (Math.abs(this.now().getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('The webhook signature is too old');
    }
    return readEvent(rawBody);
  }

  private hmac(payload: string): string {
    return createHmac('sha256', this.webhookSecret).update(payload).digest('hex');
  }
}

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
