import { z } from 'zod';
import { idField, messageSchema, notificationPageSchema, notificationsReadSchema, savedSearchInputSchema, savedSearchSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { accountOf, onlyRoles, signedIn } from '../auth/route-auth';
import { deleteSavedSearch, markRead, notificationsOf, saveSearch, savedSearchesOf } from './service';

const errors = { 400: messageSchema, 404: messageSchema };
const buyersOnly = onlyRoles(['Buyer'], 'save searches');

/** Saved searches (buyers) and the notifications anyone signed in is sent (docs/api.md, "Alerts"). */
export const alertRoutes = featureRoutes('alert-routes', async (app, { db, limits }) => {
  app.post(
    '/saved-searches',
    {
      config: { auth: buyersOnly },
      schema: {
        tags: ['alerts'],
        summary: 'Saves a brand list search under a name (Buyer only)',
        description: 'New cars and price drops that match it are notified once per car. A 409 past the cap of saved searches, a 429 past the hourly limit.',
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, 409: messageSchema, 429: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const buyer = accountOf(request);
      const saved = await limits.allowance('savedSearch', buyer.id)(() => saveSearch(db, buyer.id, request.body));
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/saved-searches',
    {
      config: { auth: buyersOnly },
      schema: { tags: ['alerts'], summary: "The caller's saved searches, newest first (Buyer only)", response: { 200: z.array(savedSearchSchema), ...errors } },
    },
    (request) => savedSearchesOf(db, accountOf(request).id),
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { auth: buyersOnly },
      schema: {
        tags: ['alerts'],
        summary: 'Deletes one of the caller’s saved searches (Buyer only)',
        params: z.object({ id: idField('id') }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSavedSearch(db, accountOf(request).id, request.params.id);
      return { message: 'Saved search deleted' };
    },
  );

  app.get(
    '/notifications',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['alerts'],
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: z.object({
          limit: z.coerce
            .number({ error: 'limit must be a number' })
            .int()
            .min(1, { error: 'limit must be at least 1' })
            .max(100, { error: 'limit must be at most 100' })
            .default(20),
          offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, { error: 'offset must not be negative' }).max(10_000).default(0),
        }),
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    (request) => notificationsOf(db, accountOf(request).id, request.query),
  );

  app.post(
    '/notifications/read',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['alerts'],
        summary: 'Marks the named notifications read, or all of them without ids',
        body: notificationsReadSchema,
        response: { 200: z.object({ unread: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ unread: await markRead(db, accountOf(request).id, request.body.ids) }),
  );
});
