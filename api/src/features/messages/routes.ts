import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  conversationListSchema,
  conversationMessageSchema,
  conversationReportInputSchema,
  conversationReportSchema,
  conversationSchema,
  conversationStartSchema,
  conversationStartedSchema,
  idField,
  messageInputSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
} from '@usedcars/shared-contract';
import { type AppContext, featureRoutes } from '../../context';
import { badRequest, forbidden } from '../../http/errors';
import { accountOf, onlyRoles, signedIn } from '../auth/route-auth';
import { REFUSALS, accessOf, markConversationRead, messagePage, postMessage, startConversation } from './service';
import { block, conversationReportQueue, reportConversation, unblock } from './safety';
import type { MessageStream } from './stream';
import { conversationView, conversationsOf, unreadTotal } from './views';

const tags = ['messages'];
const params = z.object({ id: idField('id') });
const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema, 429: messageSchema };
const LAST_EVENT_ID = /^\d{1,16}$/;

/** Conversations between a buyer and a car's seller (docs/api.md, "Messages"). */
export const messageRoutes = featureRoutes<AppContext & { stream: MessageStream }>('message-routes', async (app, { stream, db, limits }) => {
  app.addHook('preClose', async () => stream.close());

  app.post(
    '/conversations',
    {
      config: { auth: onlyRoles(['Buyer'], 'ask sellers about their cars') },
      schema: {
        tags,
        summary: "Asks a car's seller a question: a new conversation (201), or the message added to the one the buyer has about the car (200)",
        description: "The car's own seller is refused (403), as is a blocked person; past the hourly message limit a 429.",
        body: conversationStartSchema,
        response: { 200: conversationStartedSchema, 201: conversationStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = accountOf(request);
      const started = await limits.allowance('message', caller.id)(() => startConversation(db, caller, request.body));
      return reply.code(started.created ? 201 : 200).send({ _id: started.id, carId: request.body.carId, message: started.message });
    },
  );

  app.get(
    '/conversations',
    {
      config: { auth: signedIn },
      schema: { tags, summary: "The caller's conversations, newest first, with their unread counts", response: { 200: conversationListSchema } },
    },
    async (request) => {
      const caller = accountOf(request);
      return { items: await conversationsOf(db, caller.id), unread: await unreadTotal(db, caller.id) };
    },
  );

  app.get(
    '/conversations/stream',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: "Server-sent events of the caller's messages: `message` (id: its seq) and `unread`; resumes after the Last-Event-ID header",
        description:
          'Served by any API instance, fed by the change stream between them. Ends after the access token lifetime; the client reconnects with a fresh token.',
        response: { 503: messageSchema },
      },
    },
    async (request, reply) => {
      const caller = accountOf(request);
      if (stream.full) return reply.code(503).header('Retry-After', '5').send({ message: 'Too many open message streams; try again shortly' });
      const lastEventId = request.headers['last-event-id'];
      if (lastEventId !== undefined && (typeof lastEventId !== 'string' || !LAST_EVENT_ID.test(lastEventId))) {
        throw badRequest('Last-Event-ID must be the id of an event of this stream');
      }
      reply.hijack();
      await stream.add(reply.raw, reply.getHeaders() as OutgoingHttpHeaders, caller.id, lastEventId === undefined ? null : Number(lastEventId));
      return reply;
    },
  );

  app.get(
    '/conversations/:id',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: 'One conversation: the car, both names, unread, blocked (an admin: a reported one)',
        params,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => {
      const caller = accountOf(request);
      const { row, side } = await accessOf(db, caller, request.params.id, 'read');
      return conversationView(db, caller.id, row.id, side === null);
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: `A page of messages, oldest first; the page before it by the cursor in ${NEXT_CURSOR_HEADER}`,
        params,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row } = await accessOf(db, accountOf(request), request.params.id, 'read');
      const page = await messagePage(db, row, request.query);
      if (page.older) reply.header(NEXT_CURSOR_HEADER, page.older);
      return { items: page.items };
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: 'Sends a message in a conversation of the caller',
        params,
        body: messageInputSchema,
        response: { 201: conversationMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = accountOf(request);
      const message = await limits.allowance('message', caller.id)(() => postMessage(db, caller, request.params.id, request.body.text));
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: "Marks the conversation read for the caller; returns the caller's unread messages in all",
        params,
        response: { 200: z.object({ unread: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const caller = accountOf(request);
      const { row, side } = await accessOf(db, caller, request.params.id, 'read');
      if (!side) throw forbidden(REFUSALS.adminWrites);
      await markConversationRead(db, row, side);
      return { unread: await unreadTotal(db, caller.id) };
    },
  );

  for (const [method, blocking] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/conversations/:id/block',
      config: { auth: signedIn },
      schema: {
        tags,
        summary: blocking ? 'Blocks the other person: no more messages either way, in any conversation' : 'Unblocks the other person',
        params,
        response: { 200: messageSchema, ...errors },
      },
      handler: async (request) => {
        const caller = accountOf(request);
        const access = await accessOf(db, caller, (request.params as z.infer<typeof params>).id, 'write');
        await (blocking ? block(db, caller, access) : unblock(db, caller, access));
        return { message: blocking ? 'Blocked: no more messages either way' : 'Unblocked: you can write to each other again' };
      },
    });
  }

  app.post(
    '/conversations/:id/report',
    {
      config: { auth: signedIn },
      schema: {
        tags,
        summary: 'Reports the conversation to the moderators, with its messages; an admin may read it from then on',
        description: 'Once per person and conversation (409); past the hourly report limit a 429.',
        params,
        body: conversationReportInputSchema,
        response: { 201: z.object({ insertedId: z.string(), message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = accountOf(request);
      const access = await accessOf(db, caller, request.params.id, 'read');
      if (!access.side) throw forbidden('Admins read reported conversations; reporting is for the two people in it');
      const insertedId = await limits.allowance('conversationReport', caller.id)(() => reportConversation(db, caller, access, request.body));
      return reply.code(201).send({ insertedId, message: 'Thank you: the moderators will read this conversation' });
    },
  );

  app.get(
    '/admin/conversation-reports',
    {
      config: { auth: onlyRoles(['admin'], 'read reports') },
      schema: {
        tags: ['moderation'],
        summary: 'Reported conversations, newest first, with the messages they were reported with (admin only)',
        response: { 200: z.array(conversationReportSchema) },
      },
    },
    () => conversationReportQueue(db),
  );
});
