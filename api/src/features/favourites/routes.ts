import { z } from 'zod';
import { favouritesSchema, idField, messageSchema, removedCarSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { accountOf, onlyRoles } from '../auth/route-auth';
import { favouritesOf, saveCar, savesOfSeller, unsaveCar } from './service';

const buyersOnly = onlyRoles(['Buyer'], 'save cars');
const params = z.object({ carId: idField('carId') });
const savedSchema = z.object({ carId: z.string(), saved: z.boolean() });

/** A buyer's saved cars (docs/api.md, "Saved cars"); idempotent, so a heart tapped twice is harmless. */
export const favouriteRoutes = featureRoutes('favourite-routes', async (app, { db, limits, photos }) => {
  app.put(
    '/favourites/:carId',
    {
      config: { auth: buyersOnly },
      schema: {
        tags: ['favourites'],
        summary: 'Saves a car (Buyer only); saving it again changes nothing',
        description: 'A car ended or hidden is a 410; past the cap of saved cars a 409, past the hourly limit a 429.',
        params,
        response: { 200: savedSchema, 400: messageSchema, 404: messageSchema, 409: messageSchema, 410: removedCarSchema, 429: messageSchema },
      },
    },
    async (request) => {
      const buyer = accountOf(request);
      // A repeat takes no slot of the hourly limit: it wrote nothing.
      await limits.allowance('favourite', buyer.id)(
        () => saveCar(db, buyer.id, request.params.carId),
        (added) => added,
      );
      return { carId: request.params.carId, saved: true };
    },
  );

  app.delete(
    '/favourites/:carId',
    {
      config: { auth: buyersOnly },
      schema: {
        tags: ['favourites'],
        summary: 'Removes a saved car (Buyer only); removing one not saved changes nothing',
        params,
        response: { 200: savedSchema, 400: messageSchema },
      },
    },
    async (request) => {
      await unsaveCar(db, accountOf(request).id, request.params.carId);
      return { carId: request.params.carId, saved: false };
    },
  );

  app.get(
    '/favourites',
    {
      config: { auth: buyersOnly },
      schema: {
        tags: ['favourites'],
        summary: "The caller's saved cars, newest saved first (Buyer only)",
        description: 'Cars ended by their seller or hidden by the moderators are not in `cars` but in `gone`, with a note.',
        response: { 200: favouritesSchema },
      },
    },
    (request) => favouritesOf(db, photos, accountOf(request).id),
  );

  app.get(
    '/favourites/counts',
    {
      config: { auth: onlyRoles(['Seller'], 'see who saved their cars') },
      schema: {
        tags: ['favourites'],
        summary: "How many buyers saved each of the caller's cars (Seller only); cars nobody saved are left out",
        response: { 200: z.array(z.object({ carId: z.string(), savedBy: z.number().int() })) },
      },
    },
    (request) => savesOfSeller(db, accountOf(request).id),
  );
});
