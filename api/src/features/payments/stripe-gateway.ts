import Stripe from 'stripe';
import type { PaymentConfig } from '@usedcars/shared-contract';
import {
  type GatewayEvent,
  type PaymentGateway,
  type PaymentIntent,
  UnknownIntentError,
  type WebhookHeaders,
  WebhookSignatureError,
  isIntentStatus,
  readEvent,
} from './gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** The endpoint's signing secret (whsec_…); without it every webhook is refused. */
  webhookSecret?: string;
  /** Another Stripe API address (a local fake in tests, stripe-mock in development). */
  apiUrl?: string;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    // A status newer than this code is treated as still in progress: never as paid.
    status: isIntentStatus(intent.status) ? intent.status : 'processing',
    amount: intent.amount,
    metadata: { bookingId: intent.metadata?.bookingId },
    lastError: intent.last_payment_error?.message ?? undefined,
  };
}

/** Stripe through its SDK: the page confirms the card with Stripe Elements, the server checks here. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly clientConfig: PaymentConfig;
  private readonly stripe: Stripe;
  private readonly webhookSecret?: string;

  constructor(options: StripeGatewayOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      // Our requests carry idempotency keys, so the SDK's retries of a lost response are safe.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api && { host: api.hostname, port: api.port || undefined, protocol: api.protocol === 'http:' ? 'http' : 'https' }),
    });
    this.clientConfig = { gateway: 'stripe', publishableKey: options.publishableKey };
    this.webhookSecret = options.webhookSecret;
  }

  async createIntent(bookingId: string, amountCents: number, idempotencyKey: string): Promise<PaymentIntent> {
    const intent = await this.stripe.paymentIntents.create(
      { amount: amountCents, currency: 'usd', allowed_payment_method_types: ['card'], metadata: { bookingId } },
      { idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        throw new UnknownIntentError(error.message);
      }
      throw error;
    }
  }

  async refund(intentId: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
  }

  parseWebhook(rawBody: string, headers: WebhookHeaders): GatewayEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured: set STRIPE_WEBHOOK_SECRET');
    const signature = headers['stripe-signature'];
    if (!signature) throw new WebhookSignatureError('The stripe-signature header is missing');
    try {
      this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return readEvent(rawBody);
  }
}
