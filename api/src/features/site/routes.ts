import { siteSettingsSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';

/** What every screen may need to show a car: the site's unit, the monthly cost's defaults (docs/api.md, "Site settings"). */
export const siteRoutes = featureRoutes('site-routes', async (app, { config }) => {
  app.get(
    '/site-settings',
    {
      schema: {
        tags: ['site'],
        summary: "The site's settings: the unit every mileage is in, and where the monthly cost starts",
        response: { 200: siteSettingsSchema },
      },
    },
    // Settings change with a deployment only: a browser or cache may keep them for a few minutes.
    async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(config.site),
  );
});
