import { z } from 'zod';
import { auditEntrySchema, idField, messageSchema, moderationReasonSchema, reportInputSchema, reportSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { accountOf, onlyRoles, signedIn } from '../auth/route-auth';
import { auditEntries, report, reportQueue, setCarHidden, setAccountSuspended } from './service';

const adminOnly = (action: string) => onlyRoles(['admin'], action);
const errors = { 400: messageSchema, 404: messageSchema, 409: messageSchema };
const id = z.object({ id: idField('id') });

/** Reports by anyone signed in; the admin's queue, hide and suspend, each written to the audit log (docs/api.md, "Moderation"). */
export const moderationRoutes = featureRoutes('moderation-routes', async (app, { db, limits }) => {
  app.post(
    '/reports',
    {
      config: { auth: signedIn },
      schema: {
        tags: ['moderation'],
        summary: 'Reports a listing: a reason from the list and optional text, once per person and car',
        description: 'A seller reporting their own listing is a 403; a second report of the same car by the same person is a 409; past the hourly limit a 429.',
        body: reportInputSchema,
        response: { 201: z.object({ insertedId: z.string(), message: z.string() }), 403: messageSchema, 429: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const reporter = accountOf(request);
      const insertedId = await limits.allowance('report', reporter.id)(() => report(db, reporter, request.body));
      return reply.code(201).send({ insertedId, message: 'Thank you: the moderators will look at this listing' });
    },
  );

  app.get(
    '/admin/reports',
    {
      config: { auth: adminOnly('read reports') },
      schema: { tags: ['moderation'], summary: 'The reports queue, newest first (admin only)', response: { 200: z.array(reportSchema) } },
    },
    () => reportQueue(db),
  );

  for (const [path, hide, action, done] of [
    ['hide', true, 'hide listings', 'Listing hidden'],
    ['restore', false, 'restore listings', 'Listing shown again'],
  ] as const) {
    app.post(
      `/admin/cars/:id/${path}`,
      {
        config: { auth: adminOnly(action) },
        schema: {
          tags: ['moderation'],
          summary: `${hide ? 'Hides a listing from every list' : 'Shows a hidden listing again'}, with a reason (admin only)`,
          description: 'The seller and every booked buyer are notified with the reason; the act is written to the audit log.',
          params: id,
          body: moderationReasonSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await setCarHidden(db, accountOf(request), request.params.id, hide, request.body.reason);
        return { message: done };
      },
    );
  }

  for (const [path, suspend, action, done] of [
    ['suspend', true, 'suspend accounts', 'suspended'],
    ['reinstate', false, 'reinstate accounts', 'reinstated'],
  ] as const) {
    app.post(
      `/admin/users/:id/${path}`,
      {
        config: { auth: adminOnly(action) },
        schema: {
          tags: ['moderation'],
          summary: `${suspend ? 'Suspends an account: no messages; a seller’s listings hidden, no new listings or photos' : 'Reinstates a suspended account'} (admin only)`,
          description: 'The seller is notified with the reason; the act is written to the audit log.',
          params: id,
          body: moderationReasonSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const who = await setAccountSuspended(db, accountOf(request), request.params.id, suspend, request.body.reason);
        return { message: `${who === 'seller' ? 'Seller' : 'Buyer'} ${done}` };
      },
    );
  }

  app.get(
    '/admin/audit-log',
    {
      config: { auth: adminOnly('read the audit log') },
      schema: {
        tags: ['moderation'],
        summary: 'Every moderation act, newest first: who, when, what, why (admin only)',
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    () => auditEntries(db),
  );
});
