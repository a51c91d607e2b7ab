import { clientSecretSchema, insertedSchema, messageSchema, paymentInputSchema, paymentIntentInputSchema } from '@usedcars/shared-contract';
import { type FeatureRoutes, bearerSecurity } from '../../context';
import { createPaymentIntent, recordPayment } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

export const paymentRoutes: FeatureRoutes = (app, { db, guard, gateway }) => {
  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: "Starts (or resumes) the card payment of one of the caller's bookings",
        description: 'The amount is the booking\'s price in cents; a currentPrice in the body is ignored.',
        security: bearerSecurity,
        body: paymentIntentInputSchema,
        response: { 200: clientSecretSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await guard.user(request);
      return { clientSecret: await createPaymentIntent(db, gateway, caller, request.body.bookingId) };
    },
  );

  app.post(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Records the payment once the provider says it succeeded; idempotent per booking',
        description: 'transactionId is the payment intent id. A repeated call answers 200 with the first payment\'s id.',
        security: bearerSecurity,
        body: paymentInputSchema,
        response: { 200: insertedSchema, 201: insertedSchema, 402: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await guard.user(request);
      const { insertedId, created } = await recordPayment(db, gateway, caller, request.body);
      return reply.code(created ? 201 : 200).send({ insertedId });
    },
  );
};
