import { randomBytes } from 'node:crypto';

export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  metadata: { bookingId: string };
  /** The provider's message for the last failed confirmation. */
  lastError?: string;
}

/** The card provider as the API needs it (Stripe's shape; a later issue adds the Stripe gateway). */
export interface PaymentGateway {
  /** The same idempotency key answers the same intent, so a booking never gets two. */
  createIntent(bookingId: string, amountCents: number, idempotencyKey: string): Promise<Pick<PaymentIntent, 'id' | 'clientSecret'>>;
  retrieveIntent(id: string): Promise<Pick<PaymentIntent, 'status' | 'amount' | 'metadata'>>;
}

export class UnknownIntentError extends Error {}

/** Stripe's test cards: what each number does when confirmed. */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};

/** Offline gateway held in memory, following Stripe's test-card behaviour; needs no network. */
export class TestGateway implements PaymentGateway {
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly byKey = new Map<string, string>();

  async createIntent(bookingId: string, amountCents: number, idempotencyKey: string) {
    const known = this.byKey.get(idempotencyKey);
    const existing = known ? this.intents.get(known) : undefined;
    if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const intent: PaymentIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amount: amountCents,
      metadata: { bookingId },
    };
    this.intents.set(id, intent);
    this.byKey.set(idempotencyKey, id);
    return { id, clientSecret: intent.clientSecret };
  }

  async retrieveIntent(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new UnknownIntentError(`No such payment intent: ${id}`);
    return { status: intent.status, amount: intent.amount, metadata: intent.metadata };
  }

  /** What the card form does with the provider: pay the intent with a test card number. */
  async confirm(clientSecret: string, cardNumber: string): Promise<PaymentIntent> {
    const intent = [...this.intents.values()].find((candidate) => candidate.clientSecret === clientSecret);
    if (!intent) throw new UnknownIntentError('No such payment intent');
    if (intent.status === 'succeeded') return intent;
    const digits = cardNumber.replace(/\D/g, '');
    const error = digits in TEST_CARDS ? TEST_CARDS[digits] : 'Your card number is incorrect.';
    intent.status = error ? 'requires_payment_method' : 'succeeded';
    intent.lastError = error ?? undefined;
    return intent;
  }
}
