import { messageSchema } from '@usedcars/shared-contract';
import type { ZodApp } from '../../context';
import type { ChangeStream } from './stream';

/**
 * GET /changes: a server-sent event stream telling render servers that what they keep may be out of
 * date. It carries no data, only that something changed, so it is public.
 */
export function changeRoutes(stream: ChangeStream) {
  return (app: ZodApp): void => {
    app.addHook('preClose', async () => stream.close());
    app.get(
      '/changes',
      {
        schema: {
          tags: ['changes'],
          summary: 'A stream of events (text/event-stream): change after every accepted write; reliable or unreliable as this copy hears the others',
          response: { 503: messageSchema },
        },
      },
      async (_request, reply) => {
        if (stream.full) return reply.code(503).header('Retry-After', '5').send({ message: 'Too many listeners for changes; try again shortly' });
        reply.hijack();
        stream.add(reply.raw);
        return reply;
      },
    );
  };
}
