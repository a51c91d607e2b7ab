import { z } from 'zod';
import {
  CAR_LIST_MAX_LIMIT,
  CAR_LIST_MAX_OFFSET,
  CATEGORIES,
  CATEGORY_PATHS,
  NEXT_CURSOR_HEADER,
  PREV_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  acknowledgedSchema,
  carResponseSchema,
  carInputSchema,
  carListQuerySchema,
  carUpdateSchema,
  idField,
  messageSchema,
  removedCarSchema,
  requiredText,
} from '@usedcars/shared-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, featureRoutes } from '../../context';
import { badRequest } from '../../http/errors';
import { noneMatchHits } from '../../http/etag';
import { accountOf, onlyRoles, signedInIfTokenSent } from '../auth/route-auth';
import { updateCar } from './edit';
import { toCar } from './car-response';
import type { CarListFilter } from './list-query';
import type { CarCatalog, CarPage } from './service';

const listDescription =
  `Returns a JSON array. Optional paging (limit with offset or cursor), sort (price, -price, year, -year, newest; default newest) ` +
  `and filters. Without limit at most ${CAR_LIST_MAX_LIMIT} cars are returned. The number of matching cars is in the ` +
  `${TOTAL_COUNT_HEADER} header. ${NEXT_CURSOR_HEADER} and ${PREV_CURSOR_HEADER} carry the cursors of the next and previous pages ` +
  `(absent at either end); a cursor keeps its sort and filters and costs the same at any depth. offset goes to ` +
  `${CAR_LIST_MAX_OFFSET} at most. Responses carry an ETag; If-None-Match gets 304.`;

const listResponse = { 200: z.array(carResponseSchema), 304: z.null(), 400: messageSchema };

/** Sends a page as pre-serialised JSON (it was validated when built), or 304 when the client has it. */
function sendPage(page: CarPage, request: FastifyRequest, reply: FastifyReply) {
  reply.header(TOTAL_COUNT_HEADER, String(page.total)).header('ETag', page.etag).header('Cache-Control', 'no-cache');
  if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
  if (page.prev) reply.header(PREV_CURSOR_HEADER, page.prev);
  if (noneMatchHits(request.headers['if-none-match'], page.etag)) return reply.code(304).send(null);
  return reply.type('application/json; charset=utf-8').send(page.body);
}

async function listPage(catalog: CarCatalog, filter: CarListFilter, request: FastifyRequest, reply: FastifyReply) {
  return sendPage(await catalog.page(filter), request, reply);
}

export const carRoutes = featureRoutes<AppContext & { catalog: CarCatalog }>('car-routes', async (app, { catalog, db, limits, photos, market }) => {
  for (const category of CATEGORIES) {
    const { apiCollection, apiSellerCollection, label } = CATEGORY_PATHS[category];

    app.get(
      apiCollection,
      {
        schema: { tags: ['cars'], summary: `${label} cars`, description: listDescription, querystring: carListQuerySchema, response: listResponse },
        // A repeat of an address already served skips validation and the handler: half the
        // cost of a cached page was the request pipeline, not the page (npm run bench).
        onRequest: (request, reply, done) => {
          const page = catalog.cachedForAddress(request.url);
          if (page) sendPage(page, request, reply);
          else done();
        },
      },
      async (request, reply) => sendPage(await catalog.pageForAddress(request.url, { ...request.query, category }), request, reply),
    );

    app.get(
      apiSellerCollection,
      {
        config: { auth: signedInIfTokenSent },
        schema: {
          tags: ['cars'],
          summary: `${label} cars of one seller`,
          description:
            `With a Seller's access token: that seller's own cars, by account (names are not unique; sellerName is then ` +
            `not needed). Without a token (how old clients call it) or for anyone else: the cars listed under sellerName. ${listDescription}`,
          querystring: carListQuerySchema.extend({ sellerName: requiredText('sellerName', 100).optional() }),
          response: { ...listResponse, 401: messageSchema },
        },
      },
      async (request, reply) => {
        const { sellerName, ...query } = request.query;
        const caller = request.account;
        if (caller?.role === 'Seller') return listPage(catalog, { ...query, category, sellerId: caller.id }, request, reply);
        if (sellerName === undefined) throw badRequest('sellerName is required');
        return listPage(catalog, { ...query, category, sellerName }, request, reply);
      },
    );

    app.get(
      `${apiCollection}/:id`,
      {
        schema: {
          tags: ['cars'],
          summary: `One ${label} car`,
          params: z.object({ id: idField('id') }),
          description: 'A car its seller ended, or the moderators hid, responds with 410 and why (removed: withdrawn, soldElsewhere or hidden).',
          response: { 200: carResponseSchema, 400: messageSchema, 404: messageSchema, 410: removedCarSchema },
        },
      },
      (request) => catalog.get(category, request.params.id),
    );

    app.patch(
      `${apiCollection}/:id`,
      {
        config: { auth: onlyRoles(['Seller'], 'change their listings') },
        schema: {
          tags: ['cars'],
          summary: `Changes one of the seller's own ${label} cars (Seller only)`,
          description:
            'Any of currentPrice, details, location, condition, and the facts (mileage, fuel, gearbox, body, colour, previousOwners); status withdrawn or soldElsewhere ends the listing, cancelling its ' +
            "unpaid bookings, which are kept with cancelReason (each booked buyer is notified). A new price joins priceHistory; a lower one notifies the car's savers and " +
            "matching saved searches; the response's market rating is the new price's. Another seller's car is a 403; a sold car's price, or an ended or hidden listing, a 409; " +
            'nothing is changed by a refusal. Past the hourly limit of edits a 429.',
          params: z.object({ id: idField('id') }),
          body: carUpdateSchema,
          response: { 200: carResponseSchema, 400: messageSchema, 404: messageSchema, 409: messageSchema, 429: messageSchema },
        },
      },
      async (request) => {
        const seller = accountOf(request);
        const row = await limits.allowance('edit', seller.id)(() => updateCar(db, seller, category, request.params.id, request.body, new Date()));
        // Settled before the response, so the seller sees the new price's rating at once (docs/api.md, "Deal ratings").
        const rated = (await market.settle()) > 0 ? await catalog.row(row.id) : row;
        return toCar(rated, (await photos.photosFor([rated])).get(rated.id));
      },
    );

    app.post(
      apiCollection,
      {
        config: { auth: onlyRoles(['Seller'], 'add cars') },
        schema: {
          tags: ['cars'],
          summary: `Adds a ${label} car (Seller only)`,
          description:
            "sellerName is taken from the seller's account; the one in the body is ignored. " +
            "Past the seller's listing limit a 429 says when the next car can be listed (Retry-After, in seconds).",
          body: carInputSchema,
          response: { 201: acknowledgedSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const seller = accountOf(request);
        if (request.body.categoryName !== category) throw badRequest(`categoryName must be ${category} for ${apiCollection}`);
        const insertedId = await limits.allowance('listing', seller.id)(() => catalog.create(seller, request.body));
        return reply.code(201).send({ acknowledged: true, message: 'Car added', insertedId });
      },
    );
  }
});
