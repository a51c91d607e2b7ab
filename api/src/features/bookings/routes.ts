import { z } from 'zod';
import { acknowledgedSchema, bookingInputSchema, bookingSchema, emailField, idField, messageSchema } from '@usedcars/shared-contract';
import { type FeatureRoutes, bearerSecurity } from '../../context';
import { bookCar, bookingsOf, buyersOf, ownBooking, toBooking } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const bookingRoutes: FeatureRoutes = (app, { db, guard }) => {
  app.post(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Books a car (Buyer only)',
        description:
          'name and email come from the buyer\'s account, img, carName and currentPrice from the car; body values for them are ignored. ' +
          'A refusal (car sold, already booked) is a 409 with acknowledged false and the message.',
        security: bearerSecurity,
        body: bookingInputSchema,
        response: {
          201: acknowledgedSchema,
          409: acknowledgedSchema.pick({ acknowledged: true, message: true }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const buyer = await guard.userWithRole(request, ['Buyer'], 'book cars');
      const insertedId = await bookCar(db, buyer, request.body);
      return reply.code(201).send({ acknowledged: true, message: 'Booking confirmed', insertedId });
    },
  );

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The caller's bookings (an admin may ask for anyone's)",
        security: bearerSecurity,
        querystring: z.object({ email: emailField() }),
        response: { 200: z.array(bookingSchema), ...errors },
      },
    },
    async (request) => {
      const caller = await guard.user(request);
      return (await bookingsOf(db, caller, request.query.email)).map(toBooking);
    },
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'One of the caller\'s bookings (for the payment page)',
        security: bearerSecurity,
        params: z.object({ id: idField('id') }),
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request) => toBooking(await ownBooking(db, await guard.user(request), request.params.id)),
  );

  app.get(
    '/myBuyers',
    {
      schema: {
        tags: ['bookings'],
        summary: "Bookings of the caller's cars: buyer name, e-mail, phone, address, car, price, paid (Seller only)",
        security: bearerSecurity,
        response: { 200: z.array(bookingSchema), ...errors },
      },
    },
    async (request) => (await buyersOf(db, await guard.userWithRole(request, ['Seller', 'admin'], 'see their buyers'))).map(toBooking),
  );
};
