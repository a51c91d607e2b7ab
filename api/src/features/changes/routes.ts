import { messageSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { unauthorized } from '../../http/errors';
import { addressSubject } from '../limits/write-limits';
import { bearerMatches } from '../metrics/metrics';
import type { ChangeStream, Listener } from './stream';

/**
 * GET /changes: a server-sent event stream telling render servers that what they keep may be out of
 * date. It carries no data, only that something changed; the render servers' places are theirs
 * (their token, TELEMETRY_TOKEN), and anyone else gets a few, a couple per network (docs/api.md).
 */
export const changeRoutes = featureRoutes<{ stream: ChangeStream; serverToken: string | undefined }>('change-routes', async (app, { stream, serverToken }) => {
  app.addHook('preClose', async () => stream.close());
  app.get(
    '/changes',
    {
      schema: {
        tags: ['changes'],
        summary: 'A stream of events (text/event-stream): change after every accepted write; reliable or unreliable as this instance hears the others',
        description:
          `Render servers send "Authorization: Bearer <TELEMETRY_TOKEN>" and listen in places of their own (${stream.places.servers} per API instance). ` +
          `Anyone else gets one of ${stream.places.anonymous} places, at most ${stream.places.anonymousPerNetwork} per network (an IPv4 address or an IPv6 /64).`,
        response: { 401: messageSchema, 429: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization;
      if (authorization !== undefined && !(serverToken && bearerMatches(authorization, serverToken)))
        throw unauthorized("This is not the render servers' token: listen without one, or with TELEMETRY_TOKEN");
      const listener: Listener = authorization !== undefined ? { server: true } : { server: false, network: addressSubject(request.ip) };
      const refusal = stream.refusal(listener);
      if (refusal) return reply.code(refusal.status).header('Retry-After', '5').send({ message: refusal.message });
      reply.hijack();
      stream.add(reply.raw, listener);
      return reply;
    },
  );
});
