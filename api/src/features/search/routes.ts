import { z } from 'zod';
import {
  CAR_LIST_MAX_LIMIT,
  CAR_LIST_MAX_OFFSET,
  TOTAL_COUNT_HEADER,
  carResponseSchema,
  compareQuerySchema,
  messageSchema,
  searchFacetsSchema,
  searchQuerySchema,
} from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import type { Search } from './service';

const FILTERS =
  'q: words matched in the name, details, location and year, each as itself, the start of a word, or (for a word no listing has) the ' +
  "listings' words most like it; brand, price (bands such as 5000-10000), year, mileage (bands), fuel, gearbox, body, city (a location " +
  'whole), deal (the market rating) and priceDropped=true: repeat a parameter for several options of one facet, which are OR-ed; ' +
  'facets are AND-ed with each other and with minPrice, maxPrice and location (a part of it).';

/** The search across every brand and its facet counts (docs/api.md, "Search and facets"). */
export const searchRoutes = featureRoutes<{ search: Search }>('search-routes', async (app, { search }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Cars of every brand matching words and filters, most relevant first',
        description:
          `${FILTERS} Sort by relevance (the default; newest first without words), deal (best deal first), newest, price, -price, year, -year. ` +
          `Paged by limit (at most ${CAR_LIST_MAX_LIMIT}, the default) and offset (at most ${CAR_LIST_MAX_OFFSET}); the number of matching cars is in ${TOTAL_COUNT_HEADER}.`,
        querystring: searchQuerySchema,
        response: { 200: z.array(carResponseSchema), 400: messageSchema },
      },
    },
    async (request, reply) => {
      const page = await search.page(request.query);
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).header('Cache-Control', 'no-cache').send(page.cars);
    },
  );

  app.get(
    '/search/facets',
    {
      schema: {
        tags: ['search'],
        summary: "Each facet's options with the number of cars picking it would show",
        description:
          `The same filters as GET /search (a brand list's are these with brand set). An option's count is the cars that pass every ` +
          `filter but its own facet's, so it equals the total the list shows once the option is added; options with no car are left out. ` +
          `Years newest first; locations the busiest twelve and any picked. total: the cars matching every filter.`,
        querystring: searchQuerySchema.omit({ limit: true, offset: true, sort: true }),
        response: { 200: searchFacetsSchema, 400: messageSchema },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-cache').send(await search.facets(request.query)),
  );

  app.get(
    '/compare',
    {
      schema: {
        tags: ['search'],
        summary: 'Up to three cars of any brand, side by side',
        description:
          'ids: the cars, comma-separated, in the order they are shown. A car its seller ended, the moderators hid, or that does not exist is ' +
          'left out of the response, so a page can say which are gone.',
        querystring: compareQuerySchema,
        response: { 200: z.array(carResponseSchema), 400: messageSchema },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-cache').send(await search.byIds(request.query.ids)),
  );
});
