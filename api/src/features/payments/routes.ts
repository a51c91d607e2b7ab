import { z } from 'zod';
import {
  CARD_MESSAGES,
  type PaymentConfig,
  type TestCardConfirmed,
  clientSecretSchema,
  insertedSchema,
  messageSchema,
  paymentInputSchema,
  paymentIntentInputSchema,
  strictObject,
} from '@usedcars/shared-contract';
import { type ZodApp, featureRoutes } from '../../context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { accountOf, signedIn } from '../auth/route-auth';
import { UnknownIntentError, WebhookSignatureError } from './gateway';
import { TestGateway } from './test-gateway';
import { createPaymentIntent, recordPayment, settleFromWebhook } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

const WEBHOOK_PATH = '/webhooks/payments';
/** Stripe's events are a few KB; the API's general body limit is smaller than some of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const paymentConfigSchema: z.ZodType<PaymentConfig> = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('test') }),
  z.object({ gateway: z.literal('stripe'), publishableKey: z.string() }),
]);

export const paymentRoutes = featureRoutes(
  'payment-routes',
  async (app, context) => {
    const { db, gateway, limits } = context;

    app.get(
      '/payment-config',
      {
        schema: {
          tags: ['payments'],
          summary: 'Which card form the payment page shows: the offline test gateway, or Stripe with its publishable key',
          response: { 200: paymentConfigSchema },
        },
      },
      async () => gateway.clientConfig,
    );

    app.post(
      '/create-payment-intent',
      {
        config: { auth: signedIn },
        schema: {
          tags: ['payments'],
          summary: "Starts (or resumes) the card payment of one of the caller's bookings (its buyer only, not an admin)",
          description:
            "The amount is the booking's price in cents; a currentPrice in the body is ignored. One intent per booking. " +
            "Past the buyer's limit on new payment intents a 429 says when the next can start (Retry-After, in seconds).",
          body: paymentIntentInputSchema,
          response: { 200: clientSecretSchema, ...errors, 429: messageSchema },
        },
      },
      async (request) => {
        const buyer = accountOf(request);
        return { clientSecret: await createPaymentIntent(db, gateway, buyer, request.body.bookingId, limits.allowance('paymentIntent', buyer.id)) };
      },
    );

    app.post(
      '/payments',
      {
        config: { auth: signedIn },
        schema: {
          tags: ['payments'],
          summary: 'Records the payment once the provider says it succeeded; idempotent per booking (its buyer only)',
          description:
            "transactionId is the payment intent id. A repeated call responds with 200 and the first payment's id; " +
            "an intent that has not succeeded for the booking's amount is a 402.",
          body: paymentInputSchema,
          response: { 200: insertedSchema, 201: insertedSchema, 402: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { insertedId, created } = await recordPayment(db, gateway, accountOf(request), request.body);
        return reply.code(created ? 201 : 200).send({ insertedId });
      },
    );

    // The signature covers the exact bytes sent, so this route keeps the body as text.
    app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.post(
        WEBHOOK_PATH,
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['payments'],
            summary: "The card provider's notifications: a succeeded intent is recorded as POST /payments would",
            description: 'Signed by the provider (stripe-signature, or test-gateway-signature for the test gateway); a bad signature is a 400.',
            response: { 200: z.object({ received: z.literal(true), result: z.string() }), 400: messageSchema },
          },
        },
        async (request) => {
          if (typeof request.body !== 'string') throw badRequest('Send the event as application/json');
          let event;
          try {
            event = gateway.parseWebhook(request.body, request.headers);
          } catch (error) {
            if (error instanceof WebhookSignatureError) throw badRequest(error.message);
            throw error;
          }
          const result = await settleFromWebhook(db, gateway, event);
          request.log.info({ event: event.type, result }, 'payment webhook');
          return { received: true as const, result };
        },
      );
    });

    if (gateway instanceof TestGateway) testGatewayRoutes(app, gateway);
  },
  ['@fastify/rate-limit'],
);

const testConfirmSchema = strictObject({
  clientSecret: z.string().min(1).max(200),
  number: z.string().max(40),
  // Optional so that an unfinished expiry gets Stripe's message rather than a schema error.
  expMonth: z.number().int().optional(),
  expYear: z.number().int().optional(),
  cvc: z.string().max(8),
});

/**
 * The provider's side of the offline test gateway, which Stripe.js plays for the stripe gateway:
 * the page's test card form confirms an intent here with the client secret, and a success is
 * announced to the webhook a little later, as Stripe does, for a page that never calls back.
 */
function testGatewayRoutes(app: ZodApp, gateway: TestGateway): void {
  const deliveries = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of deliveries) clearTimeout(timer);
    deliveries.clear();
  });
  const announce = (intentId: string) => {
    const timer = setTimeout(() => {
      deliveries.delete(timer);
      gateway
        .succeededEvent(intentId)
        .then((body) => app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: gateway.signatureHeaders(body), payload: body }))
        .then((response) => {
          if (response.statusCode !== 200) app.log.warn({ status: response.statusCode, body: response.body }, 'test gateway webhook refused');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'test gateway webhook failed'));
    }, gateway.webhookDelayMs);
    deliveries.add(timer);
  };

  app.post(
    '/test-gateway/confirm',
    {
      // Card numbers may not be guessed at speed, even test ones.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "The test gateway's card confirmation (what Stripe.js does for Stripe), following Stripe's test cards",
        description: 'A refused card is a 402 whose message is Stripe\'s (e.g. "Your card was declined.").',
        body: testConfirmSchema,
        response: {
          200: z.object({ id: z.string(), status: z.literal('succeeded') }),
          402: messageSchema,
          400: messageSchema,
          404: messageSchema,
        },
      },
    },
    async (request): Promise<TestCardConfirmed> => {
      const { clientSecret, expMonth, expYear, ...card } = request.body;
      // NaN reads as an unfinished expiry, which is what a missing month or year is.
      const details = { ...card, expMonth: expMonth ?? Number.NaN, expYear: expYear ?? Number.NaN };
      try {
        const intent = await gateway.confirm(clientSecret, details);
        // The gateway has already judged the card; its lastError is Stripe's message for it.
        if (intent.status !== 'succeeded') throw new HttpError(402, intent.lastError ?? CARD_MESSAGES.declined);
        announce(intent.id);
        return { id: intent.id, status: 'succeeded' };
      } catch (error) {
        if (error instanceof UnknownIntentError) throw notFound('No such payment intent; reload the page to start the payment again');
        throw error;
      }
    },
  );
}
