import type { OpenMetricsContentType, Registry } from 'prom-client';
import { featureRoutes } from '../../context';
import { bearerMatches } from './metrics';

/** GET /metrics on the public port, for the token's bearer only; a 404 for everyone else, as if absent. */
export const tokenMetricsRoutes = featureRoutes<{ registry: Registry<OpenMetricsContentType>; token: string }>(
  'metrics-routes',
  async (app, { registry, token }) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) return reply.code(404).send({ message: 'Not found' });
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
);
