import { TestGateway, UnknownIntentError, WebhookSignatureError } from './gateway';
import { createGateway, paymentSettingsFromEnv } from './settings';
import { StripeGateway } from './stripe-gateway';

const NOW = new Date(2026, 4, 15);
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

describe('the test gateway', () => {
  const gateway = new TestGateway({ webhookSecret: 'whsec_unit', now: () => NOW });

  it('answers the same intent for the same idempotency key', async () => {
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
    expect(gateway.isRefunded(open.id)).toBe(false);
    await gateway.confirm(open.clientSecret, card('4242424242424242'));
    await gateway.refund(open.id);
    expect(gateway.isRefunded(open.id)).toBe(true);
  });

  it('signs its webhooks and checks the signature, the body and the age', async () => {
    const intent = await gateway.createIntent('booking-6', 500, 'key-6');
    const body = gateway.succeededEvent(intent.id);
    expect(gateway.parseWebhook(body, gateway.signatureHeaders(body))).toEqual({ type: 'payment_intent.succeeded', intentId: intent.id });
    const other = new TestGateway({ webhookSecret: 'another', now: () => NOW });
    expect(() => gateway.parseWebhook(body, other.signatureHeaders(body))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(`${body} `, gateway.signatureHeaders(body))).toThrow(WebhookSignatureError);
    const stale = gateway.sign(body, new Date(NOW.getTime() - 301_000));
    expect(() => gateway.parseWebhook(body, { 'test-gateway-signature': stale })).toThrow('The webhook signature is too old');
    expect(() => gateway.parseWebhook(body, {})).toThrow('The test-gateway-signature header is missing');
  });
});

describe('choosing the gateway from the environment', () => {
  it('uses the offline test gateway without Stripe keys', () => {
    expect(paymentSettingsFromEnv({})).toEqual({ gateway: 'test', webhookSecret: undefined, webhookDelayMs: undefined });
    expect(createGateway(paymentSettingsFromEnv({}))).toBeInstanceOf(TestGateway);
  });

  it('uses Stripe with both keys', () => {
    const settings = paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(settings).toMatchObject({ gateway: 'stripe', secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
    const gateway = createGateway(settings);
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
