import type { Db } from '../../db/client';
import type { PaymentGateway } from './gateway';
import { TestGateway } from './test-gateway';
import { StripeGateway } from './stripe-gateway';

/** Which card gateway the API uses: Stripe when both its keys are set, else the offline test one. */
export type PaymentSettings =
  | { gateway: 'test'; webhookSecret?: string; webhookDelayMs?: number }
  | { gateway: 'stripe'; secretKey: string; publishableKey: string; webhookSecret?: string; apiUrl?: string };

const keyMode = (key: string) => (/_test_/.test(key) ? 'test' : 'live');

/** Refuses half a Stripe configuration at start rather than failing at a buyer's first payment. */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (!secretKey && !publishableKey) {
    const delay = env.TEST_GATEWAY_WEBHOOK_DELAY_MS;
    const webhookDelayMs = delay ? Number(delay) : undefined;
    if (webhookDelayMs !== undefined && !(webhookDelayMs >= 0)) throw new Error(`TEST_GATEWAY_WEBHOOK_DELAY_MS must be a number, got "${delay}"`);
    return { gateway: 'test', webhookSecret: env.TEST_GATEWAY_WEBHOOK_SECRET || undefined, webhookDelayMs };
  }
  if (!secretKey || !publishableKey) {
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for Stripe, or neither for the offline test gateway');
  }
  if (!/^(sk|rk)_/.test(secretKey)) throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)');
  if (!publishableKey.startsWith('pk_')) throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)');
  if (keyMode(secretKey) !== keyMode(publishableKey)) throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys');
  return {
    gateway: 'stripe',
    secretKey,
    publishableKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiUrl: env.STRIPE_API_URL || undefined,
  };
}

/** The test gateway keeps its intents in the API's database, so every instance shares them. */
export function createGateway(settings: PaymentSettings, db: Db): PaymentGateway {
  if (settings.gateway === 'stripe') return new StripeGateway(settings);
  return new TestGateway(db, { webhookSecret: settings.webhookSecret, webhookDelayMs: settings.webhookDelayMs });
}
