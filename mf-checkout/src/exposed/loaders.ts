import type { ScreenLoaders } from '@usedcars/federation';

/** Checkout's screens read when they are shown (the payment page's form); none has a loader yet (docs/how-to.md, "Change what a screen reads"). */
export const loaders: ScreenLoaders<'checkout'> = {
  'checkout/PaymentPage': null,
};
