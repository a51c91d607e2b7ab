import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type PaymentConfig, type TestCardDetails, testCardOutcome } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { testGatewayIntents } from '../../db/schema';
import {
  type GatewayEvent,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
  UnknownIntentError,
  type WebhookHeaders,
  WebhookSignatureError,
  readEvent,
} from './gateway';

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

type IntentRow = typeof testGatewayIntents.$inferSelect;

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status as IntentStatus,
  amount: row.amountCents,
  metadata: { bookingId: row.bookingId ?? undefined },
  lastError: row.lastError ?? undefined,
});

const headerValue = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The offline gateway: intents and confirmations on our own server, following Stripe's test cards
 * and messages. It needs no network; for development, tests and a staging site. Its intents are
 * rows of the API's database, so every API instance sees the same ones (docs/operate-scale-out.md).
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly clientConfig: PaymentConfig = { gateway: 'test' };
  readonly webhookDelayMs: number;
  private readonly webhookSecret: string;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: TestGatewayOptions = {},
  ) {
    this.webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
    this.webhookDelayMs = options.webhookDelayMs ?? 5_000;
    this.now = options.now ?? (() => new Date());
  }

  async createIntent(bookingId: string, amountCents: number, idempotencyKey: string): Promise<PaymentIntent> {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    // Two calls with one key at the same moment, on any instance: the unique key lets one row in.
    const [made] = await this.db
      .insert(testGatewayIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        idempotencyKey,
        status: 'requires_payment_method',
        amountCents,
        bookingId,
      })
      .onConflictDoNothing({ target: testGatewayIntents.idempotencyKey })
      .returning();
    if (made) return toIntent(made);
    const [existing] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.idempotencyKey, idempotencyKey)).limit(1);
    if (!existing) throw new Error(`the intent of idempotency key ${idempotencyKey} is neither new nor stored`);
    return toIntent(existing);
  }

  private async row(id: string): Promise<IntentRow> {
    const [row] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, id)).limit(1);
    if (!row) throw new UnknownIntentError(`No such payment intent: ${id}`);
    return row;
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return toIntent(await this.row(id));
  }

  async refund(intentId: string): Promise<void> {
    const intent = await this.row(intentId);
    if (intent.status === 'succeeded') await this.db.update(testGatewayIntents).set({ refunded: true }).where(eq(testGatewayIntents.id, intentId));
  }

  async isRefunded(intentId: string): Promise<boolean> {
    return (await this.row(intentId)).refunded;
  }

  /**
   * What the card form does with the provider: pay the intent with a card. A bare number stands
   * for that card with a valid expiry and CVC. The intent's lastError carries Stripe's message.
   * The intent's row is locked meanwhile, so confirmations through several instances take turns.
   */
  async confirm(clientSecret: string, card: TestCardDetails | string): Promise<PaymentIntent> {
    return this.db.transaction(async (tx) => {
      const [intent] = await tx.select().from(testGatewayIntents).where(eq(testGatewayIntents.clientSecret, clientSecret)).limit(1).for('update');
      if (!intent) throw new UnknownIntentError('No such payment intent');
      if (intent.status === 'succeeded' || intent.status === 'canceled') return toIntent(intent);
      const details = typeof card === 'string' ? { number: card, expMonth: 12, expYear: this.now().getFullYear() + 3, cvc: '123' } : card;
      const error = testCardOutcome(details, this.now());
      const [confirmed] = await tx
        .update(testGatewayIntents)
        .set({ status: error ? 'requires_payment_method' : 'succeeded', lastError: error ?? null })
        .where(eq(testGatewayIntents.id, intent.id))
        .returning();
      return toIntent(confirmed!);
    });
  }

  /** A webhook body announcing the intent's success, in Stripe's event shape. */
  async succeededEvent(intentId: string): Promise<string> {
    const { clientSecret: _secret, lastError: _error, ...object } = await this.retrieveIntent(intentId);
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
    const value = headerValue(headers, TEST_SIGNATURE_HEADER);
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
