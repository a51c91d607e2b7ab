import { z } from 'zod';
import { acknowledgedSchema, bookingInputSchema, bookingSchema, emailField, idField, messageSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { accountOf, onlyRoles, signedIn } from '../auth/route-auth';
import { bookCar, bookingsOf, buyersOf, ownBooking, toBooking } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const bookingRoutes = featureRoutes('booking-routes', async (app, { db, limits }) => {
  app.post(
    '/bookings',
    {
      config: { auth: onlyRoles(['Buyer'], 'book cars') },
      schema: {
        tags: ['bookings'],
        summary: 'Books a car (Buyer only)',
        description:
          "name and email come from the buyer's account, img, carName and currentPrice from the car; body values for them are ignored. " +
          'A refusal (car sold, already booked) is a 409 with acknowledged false and the message. ' +
          "Past the buyer's booking limit a 429 says when the next booking can be made (Retry-After, in seconds).",
        body: bookingInputSchema,
        response: {
          201: acknowledgedSchema,
          409: acknowledgedSchema.pick({ acknowledged: true, message: true }),
          429: messageSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const buyer = accountOf(request);
      const insertedId = await limits.allowance('booking', buyer.id)(() => bookCar(db, buyer, request.body));
      return reply.code(201).send({ acknowledged: true, message: 'Booking confirmed', insertedId });
    },
  );

  app.get(
    '/bookings',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['bookings'],
        summary: "The caller's bookings (an admin may ask for anyone's)",
        querystring: z.object({ email: emailField() }),
        response: { 200: z.array(bookingSchema), ...errors },
      },
    },
    async (request) => (await bookingsOf(db, accountOf(request), request.query.email)).map(toBooking),
  );

  app.get(
    '/bookings/:id',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['bookings'],
        summary: "One of the caller's bookings (for the payment page)",
        params: z.object({ id: idField('id') }),
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request) => toBooking(await ownBooking(db, accountOf(request), request.params.id)),
  );

  app.get(
    '/myBuyers',
    {
      config: { auth: onlyRoles(['Seller', 'admin'], 'see their buyers') },
      schema: {
        tags: ['bookings'],
        summary: "Bookings of the caller's cars: buyer name, e-mail, phone, address, car, price, paid (Seller only)",
        response: { 200: z.array(bookingSchema), ...errors },
      },
    },
    async (request) => (await buyersOf(db, accountOf(request))).map(toBooking),
  );
});
