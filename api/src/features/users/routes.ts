import { z } from 'zod';
import { ROLES, acknowledgedSchema, deletedSchema, emailField, fieldError, idField, messageSchema, newUserSchema, userSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { forbidden } from '../../http/errors';
import { assertOwnEmail } from '../auth/guard';
import { accountOf, identityOf, identityToken, onlyRoles, signedIn } from '../auth/route-auth';
import { addressSubject } from '../limits/write-limits';
import { deleteUser, findUserByEmail, listUsersByRole, registerUser, toUser } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const userRoutes = featureRoutes(
  'user-routes',
  async (app, { db, identity, config, limits, photos }) => {
    app.get(
      '/users',
      {
        config: { auth: signedIn },
        schema: {
          tags: ['users'],
          summary: "The caller's own record (an admin may ask for anyone's): an array whose first item has the role",
          querystring: z.object({ email: emailField() }),
          response: { 200: z.array(userSchema), ...errors },
        },
      },
      async (request) => {
        assertOwnEmail(accountOf(request), request.query.email);
        const user = await findUserByEmail(db, request.query.email);
        return user ? [toUser(user)] : [];
      },
    );

    app.post(
      '/users',
      {
        config: { auth: identityToken, rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: "Saves the signed-in person's record (role Buyer or Seller); idempotent",
          description:
            'Needs the Firebase ID token of the same e-mail. An existing record is left as it is. ' +
            'Past the limit on new accounts from one network a 429 says when the next can be made (Retry-After, in seconds).',
          body: newUserSchema,
          response: { 200: acknowledgedSchema, 201: acknowledgedSchema, ...errors, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const signedIn = identityOf(request);
        if (signedIn.email !== request.body.email) throw forbidden('email must be the e-mail you signed in with');
        const { user, created } = await registerUser(db, request.body, signedIn, limits.allowance('registration', addressSubject(request.ip)));
        return reply.code(created ? 201 : 200).send({ acknowledged: true, message: created ? 'User created' : 'User already exists', insertedId: user.id });
      },
    );

    app.get(
      '/user',
      {
        config: { auth: onlyRoles(['admin'], 'list accounts') },
        schema: {
          tags: ['users'],
          summary: 'Accounts of one role (admin only)',
          querystring: z.object({ role: z.enum(ROLES, { error: fieldError('role', `one of ${ROLES.join(', ')}`) }) }),
          response: { 200: z.array(userSchema), ...errors },
        },
      },
      async (request) => (await listUsersByRole(db, request.query.role)).map(toUser),
    );

    app.delete(
      '/allUsers/:id',
      {
        config: { auth: onlyRoles(['admin'], 'delete accounts') },
        schema: {
          tags: ['users'],
          summary: 'Deletes an account and its sign-in account (admin only); sales are kept',
          description:
            "The buyer's unpaid bookings and the seller's cars not sold (with their bookings) go. Paid bookings, their payments " +
            'and sold cars stay, no longer tied to the account. A 502 means the sign-in account could not be removed and nothing was deleted.',
          params: z.object({ id: idField('id') }),
          response: { 200: deletedSchema, ...errors, 502: messageSchema },
        },
      },
      async (request) => ({ deletedCount: await deleteUser(db, identity, accountOf(request), request.params.id, photos) }),
    );
  },
  ['@fastify/rate-limit'],
);
