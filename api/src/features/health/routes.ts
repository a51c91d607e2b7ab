import { healthSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';

/** GET /health: the API is up (the balancer's health check, and what the launchers wait for). */
export const healthRoutes = featureRoutes<Record<never, never>>('health-routes', async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));
});
