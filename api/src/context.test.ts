import Fastify from 'fastify';
import { type AppContext, featureRoutes } from './context';

describe('a route folder’s plugin (featureRoutes)', () => {
  const probeRoutes = featureRoutes('probe-routes', async (app) => {
    app.get('/probe', async () => ({ ok: true }));
  });

  it('refuses to load before route-auth, whose hook must see every route', async () => {
    const app = Fastify({ logger: false });
    // Never read: the plugin is refused before it runs.
    app.register(probeRoutes, {} as AppContext);
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining("'route-auth' of plugin 'probe-routes'"),
    });
    await app.close();
  });
});
