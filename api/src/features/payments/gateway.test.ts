import type { Database } from '../../db/client';
import { DRIVERS, createTestDatabase } from '../../../test/helpers';
import { UnknownIntentError, WebhookSignatureError } from './gateway';
import { createGateway, paymentSettingsFromEnv } from './settings';
import { StripeGateway } from './stripe-gateway';
import { TestGateway } from './test-gateway';

const NOW = new Date(2026, 4, 15);
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

describe.each(DRIVERS)('the test gateway (%s)', (driver) => {
  let database: Database;
  let gateway: TestGateway;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    gateway = new TestGateway(database.db, { webhookSecret: 'whsec_unit', now: () => NOW });
  });
  afterAll(() => database?.close());

  it('returns the same intent for the same idempotency key', async () => {
    const first = await gateway.createIntent('booking-1', 1_000, 'key-1');
    expect(await gateway.createIntent('booking-1', 1_000, 'key-1')).toEqual(first);
    expect((await gateway.createIntent('booking-1', 1_000, 'key-2')).id).not.toBe(first.id);
    expect(first).toMatchObject({ status: 'requires_payment_method', amount: 1_000, metadata: { bookingId: 'booking-1' } });
    expect(first.clientSecret.startsWith(`${first.id}_secret_`)).toBe(true);
  });

  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined],
    ['4000 0000 0000 0002', 'requires_payment_method', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'requires_payment_method', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'requires_payment_method', 'Your card has expired.'],
    ['4111 1111 1111 1111', 'requires_payment_method', 'Your card number is incorrect.'],
    ['4242 4242 4242 4241', 'requires_payment_method', 'Your card number is invalid.'],
  ])('confirms with %s: %s %s', async (number, status, lastError) => {
    const intent = await gateway.createIntent('booking-2', 500, `key-${number}`);
    const confirmed = await gateway.confirm(intent.clientSecret, card(number));
    expect(confirmed).toMatchObject({ status, lastError });
    expect((await gateway.retrieveIntent(intent.id)).status).toBe(status);
  });

  it("refuses a past expiry and a short security code in Stripe's words", async () => {
    const intent = await gateway.createIntent('booking-3', 500, 'key-3');
    expect((await gateway.confirm(intent.clientSecret, { ...card('4242424242424242'), expYear: 2024 })).lastError).toBe(
      "Your card's expiration year is in the past.",
    );
    expect((await gateway.confirm(intent.clientSecret, { ...card('4242424242424242'), cvc: '1' })).lastError).toBe("Your card's security code is incomplete.");
  });

  it('lets a declined intent be paid with another card, and stays paid', async () => {
    const intent = await gateway.createIntent('booking-4', 500, 'key-4');
    await gateway.confirm(intent.clientSecret, card('4000000000000002'));
    expect((await gateway.confirm(intent.clientSecret, card('4242424242424242'))).status).toBe('succeeded');
    expect((await gateway.confirm(intent.clientSecret, card('4000000000000002'))).status).toBe('succeeded');
  });

  it('does not know intents it never made', async () => {
    await expect(gateway.retrieveIntent('pi_nope')).rejects.toBeInstanceOf(UnknownIntentError);
    await expect(gateway.confirm('pi_nope_secret_x', card('4242424242424242'))).rejects.toBeInstanceOf(UnknownIntentError);
  });

  it('refunds only a succeeded intent', async () => {
    const open = await gateway.createIntent('booking-5', 500, 'key-5');
    await gateway.refund(open.id);
    expect(await gateway.isRefunded(open.id)).toBe(false);
    await gateway.confirm(open.clientSecret, card('4242424242424242'));
    await gateway.refund(open.id);
    expect(await gateway.isRefunded(open.id)).toBe(true);
  });

  it('signs its webhooks and checks the signature, the body and the age', async () => {
    const intent = await gateway.createIntent('booking-6', 500, 'key-6');
    const body = await gateway.succeededEvent(intent.id);
    expect(gateway.parseWebhook(body, gateway.signatureHeaders(body))).toEqual({ type: 'payment_intent.succeeded', intentId: intent.id });
    const other = new TestGateway(database.db, { webhookSecret: 'another', now: () => NOW });
    expect(() => gateway.parseWebhook(body, other.signatureHeaders(body))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(`${body} `, gateway.signatureHeaders(body))).toThrow(WebhookSignatureError);
    const stale = gateway.sign(body, new Date(NOW.getTime() - 301_000));
    expect(() => gateway.parseWebhook(body, { 'test-gateway-signature': stale })).toThrow('The webhook signature is too old');
    expect(() => gateway.parseWebhook(body, {})).toThrow('The test-gateway-signature header is missing');
  });

  it("keeps its intents in the database: another instance's gateway, or one started later, knows, confirms and refunds them", async () => {
    const intent = await gateway.createIntent('booking-7', 700, 'key-7');
    const elsewhere = new TestGateway(database.db, { webhookSecret: 'whsec_unit', now: () => NOW });
    expect(await elsewhere.retrieveIntent(intent.id)).toEqual(intent);
    expect(await elsewhere.createIntent('booking-7', 700, 'key-7')).toEqual(intent);
    expect(await elsewhere.confirm(intent.clientSecret, card('4000000000000002'))).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
    expect(await gateway.confirm(intent.clientSecret, card('4242424242424242'))).toMatchObject({ id: intent.id, status: 'succeeded', lastError: undefined });
    expect((await elsewhere.retrieveIntent(intent.id)).status).toBe('succeeded');
    await elsewhere.refund(intent.id);
    expect(await gateway.isRefunded(intent.id)).toBe(true);
  });

  it('makes one intent for one idempotency key asked for at the same moment through several instances', async () => {
    const instances = [gateway, new TestGateway(database.db), new TestGateway(database.db)];
    const made = await Promise.all(Array.from({ length: 9 }, (_, i) => instances[i % instances.length]!.createIntent('booking-8', 800, 'key-8')));
    expect(new Set(made.map((intent) => intent.id)).size).toBe(1);
    expect(new Set(made.map((intent) => intent.clientSecret)).size).toBe(1);
  });
});

describe('choosing the gateway from the environment', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('uses the offline test gateway without Stripe keys', () => {
    expect(paymentSettingsFromEnv({})).toEqual({ gateway: 'test', webhookSecret: undefined, webhookDelayMs: undefined });
    expect(createGateway(paymentSettingsFromEnv({}), database.db)).toBeInstanceOf(TestGateway);
  });

  it('uses Stripe with both keys', () => {
    const settings = paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(settings).toMatchObject({ gateway: 'stripe', secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
    const gateway = createGateway(settings, database.db);
    expect(gateway).toBeInstanceOf(StripeGateway);
    expect(gateway.clientConfig).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_1' });
  });

  it('refuses half or mismatched Stripe settings at start', () => {
    expect(() => paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(() => paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/secret key/);
    expect(() => paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/both be test keys/);
    expect(() => paymentSettingsFromEnv({ TEST_GATEWAY_WEBHOOK_DELAY_MS: 'soon' })).toThrow(/must be a number/);
  });
});
