import { z } from 'zod';
import { accessTokenSchema, emailField, messageSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { findUserByEmail, linkIdentity } from '../users/service';
import { identityOf, identityToken } from './route-auth';
import { sessionRoutes } from './session-routes';

export const authRoutes = featureRoutes(
  'auth-routes',
  async (app, context) => {
    const { db, tokens, config } = context;
    app.get(
      '/jwt',
      {
        config: { auth: identityToken, rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Trades a Firebase ID token for a short-lived API access token',
          description: `Needs "Authorization: Bearer <Firebase ID token>" for the same e-mail. The token lasts ${config.accessTokenTtlSeconds} seconds.`,
          querystring: z.object({ email: emailField() }),
          response: { 200: accessTokenSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema },
        },
      },
      async (request) => {
        const signedIn = identityOf(request);
        if (signedIn.email !== request.query.email) throw forbidden('email must be the e-mail you signed in with');
        const user = await findUserByEmail(db, signedIn.email);
        if (!user) throw notFound(`No account for ${signedIn.email} yet: register first (POST /users)`);
        await linkIdentity(db, user, signedIn);
        return { accessToken: await tokens.issue(user.id) };
      },
    );
    sessionRoutes(app, context);
  },
  ['@fastify/rate-limit'],
);
