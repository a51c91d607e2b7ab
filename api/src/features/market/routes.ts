import { marketEstimateQuerySchema, marketEstimateSchema, messageSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { accountOf, onlyRoles } from '../auth/route-auth';

/** The estimate a seller sees while pricing a car (docs/api.md, "Deal ratings"). */
export const marketRoutes = featureRoutes('market-routes', async (app, { market }) => {
  app.get(
    '/market/estimate',
    {
      config: { auth: onlyRoles(['Seller'], 'see market estimates') },
      schema: {
        tags: ['cars'],
        summary: "The market's estimate for a car as the seller would list it (Seller only)",
        description:
          "From the same comparables a listed car is rated by: other sellers' listed cars of the model, a year apart at most, driven about as far " +
          "(mileage in the site's unit). estimate is null below 5 comparables. The caller's own cars never count.",
        querystring: marketEstimateQuerySchema,
        response: { 200: marketEstimateSchema, 400: messageSchema },
      },
    },
    async (request) => {
      const { category, carName, purchaseYear, mileage } = request.query;
      return market.estimateFor(accountOf(request).id, { category, carName, year: Number(purchaseYear), mileage: mileage ?? null });
    },
  );
});
