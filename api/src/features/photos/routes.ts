import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, preParsingAsyncHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORIES,
  CATEGORY_PATHS,
  type Category,
  PHOTOS_PER_CAR_MAX,
  PHOTO_ALT_FIELD,
  PHOTO_ALT_MAX,
  PHOTO_FILE_FIELD,
  PHOTO_FILE_MAX_BYTES,
  PHOTO_FORMATS,
  PHOTO_MAX_PIXELS,
  PHOTO_WIDTHS,
  carPhotosResponseSchema,
  idField,
  messageSchema,
  photoOrderSchema,
  photoRefusalSchema,
} from '@usedcars/shared-contract';
import { type AppContext, type ZodApp, featureRoutes } from '../../context';
import { noneMatchHits } from '../../http/etag';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { accountOf, onlyRoles } from '../auth/route-auth';
import { PHOTO_KEY, contentTypeOfKey } from './processing';
import type { OwnedCar, PhotoService } from './service';
import { FolderStorage, IMMUTABLE_CACHE_CONTROL } from './storage';
import { checkUpload, readUpload } from './upload-body';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before parsing on the photo routes: the car named in the address, the caller's own. */
    photoCar: OwnedCar | null;
  }
}

/**
 * The request body is read by the handler (request.parts()); the schema of `body` is there for
 * the OpenAPI document only, and every other part is validated as usual.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route hands its own schema object here
const bodyIsDocumentation: FastifySchemaCompiler<any> = (route) => (route.httpPart === 'body' ? (value) => ({ value }) : validatorCompiler(route));

const uploadDescription =
  `multipart/form-data: one file in the field "${PHOTO_FILE_FIELD}" (a car has 1–${PHOTOS_PER_CAR_MAX} photos), optionally one ` +
  `"${PHOTO_ALT_FIELD}" text. The file must be a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF picture (judged by its first bytes, before ` +
  `any decoding), at most ${PHOTO_FILE_MAX_BYTES / 1024 / 1024} MB and ${PHOTO_MAX_PIXELS / 1e6} megapixels. It is turned upright, ` +
  `scaled to fit the encoders' largest side, and re-encoded without its metadata (EXIF, GPS, XMP) as ${PHOTO_FORMATS.join(', ')} at ` +
  `widths ${PHOTO_WIDTHS.join(', ')} (never wider than the original). A refusal names the file (also in \`file\`). Each photo ` +
  "whose processing starts counts against the seller's photo limit, refused or not, and a seller has one photo processed at a time (429). " +
  'With the photo storage out of reach the response is a 503 (Retry-After) and the car keeps the photos it had.';

const uploadBody = z.object({
  [PHOTO_FILE_FIELD]: z.file().describe("The photo file; it follows the car's other photos"),
  [PHOTO_ALT_FIELD]: z.string().max(PHOTO_ALT_MAX).optional().describe('A description of the photo, for people who cannot see it'),
});

const multipartOptions = {
  // Past the limit busboy drops the rest of the file and marks it truncated; the handler
  // then refuses the upload, naming the file, instead of the plugin's wordless error.
  throwFileSizeLimit: false,
  limits: {
    fileSize: PHOTO_FILE_MAX_BYTES,
    // One photo per request; a few more parts are read so the refusal can say what was sent.
    files: 4,
    fields: 4,
    fieldSize: 4 * PHOTO_ALT_MAX,
    parts: 8,
    headerPairs: 100,
  },
};

function carOf(request: FastifyRequest): OwnedCar {
  if (!request.photoCar) throw new Error(`${request.method} ${request.routeOptions.url} has no car`);
  return request.photoCar;
}

/** A category's photo routes: add, reorder, delete, each on a car of the caller's own. */
function carPhotoRoutes(app: ZodApp, photos: PhotoService, limits: AppContext['limits'], category: Category) {
  const { apiCollection, label } = CATEGORY_PATHS[category];
  const address = `${apiCollection}/:id/photos`;

  /** After the caller's token and role (route-auth.ts), still before the body: is the car theirs? */
  const ownCar: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    const { id } = request.params as { id?: string };
    if (!idField('id').safeParse(id).success) throw badRequest('id must be a valid id');
    request.photoCar = await photos.ownedCar(category as Category, id!, accountOf(request).id);
    return payload;
  };
  const params = z.object({ id: idField('id') });
  const refusals = { 400: photoRefusalSchema, 403: messageSchema, 404: messageSchema };

  app.post(
    address,
    {
      config: { auth: onlyRoles(['Seller'], 'add photos') },
      preParsing: ownCar,
      validatorCompiler: bodyIsDocumentation,
      schema: {
        tags: ['photos'],
        summary: `Adds photos to one of the seller's ${label} cars`,
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        params,
        body: uploadBody,
        response: {
          201: carPhotosResponseSchema,
          ...refusals,
          409: photoRefusalSchema,
          413: photoRefusalSchema,
          415: photoRefusalSchema,
          429: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, `Send the photo as multipart/form-data, in the field "${PHOTO_FILE_FIELD}"`);
      const car = carOf(request);
      const upload = await readUpload(request.parts());
      const { name, bytes, alt } = checkUpload(upload, await photos.count(car.id));
      const staged = await photos.stageFor(accountOf(request).id, name, bytes, limits.slots('photo', accountOf(request).id));
      try {
        return reply.code(201).send(await photos.commit(car.id, [staged], [alt]));
      } catch (error) {
        // All or nothing: the files this upload wrote go, unless another photo uses them.
        await photos.discard([staged], error);
        throw error;
      }
    },
  );

  app.put(
    address,
    {
      config: { auth: onlyRoles(['Seller'], 'reorder photos') },
      preParsing: ownCar,
      schema: {
        tags: ['photos'],
        summary: `Puts the photos of one of the seller's ${label} cars in a new order`,
        description:
          "photoIds names every photo of the car once, the new cover first; the car's img becomes the cover's src. A list that does not match the car's photos (another tab added or deleted one) is a 409.",
        params,
        body: photoOrderSchema,
        response: { 200: carPhotosResponseSchema, ...refusals, 409: messageSchema },
      },
    },
    async (request) => photos.reorder(carOf(request).id, request.body.photoIds),
  );

  app.delete(
    `${address}/:photoId`,
    {
      config: { auth: onlyRoles(['Seller'], 'delete photos') },
      preParsing: ownCar,
      schema: {
        tags: ['photos'],
        summary: `Deletes a photo of one of the seller's ${label} cars`,
        description:
          'The next photo becomes the cover when the cover goes; when the last one goes, img is again the link the car was listed with. ' +
          'The files go too, unless another photo or a booking still shows them.',
        params: params.extend({ photoId: idField('photoId') }),
        response: { 200: carPhotosResponseSchema, ...refusals },
      },
    },
    async (request) => photos.remove(carOf(request).id, request.params.photoId),
  );
}

/** The photo files themselves, when this API keeps them in a folder. */
function photoFileRoute(scope: FastifyInstance, photos: PhotoService) {
  const storage = photos.storage;
  if (storage instanceof FolderStorage) {
    // On the untyped scope: the response is a file stream, which no response schema describes.
    scope.get<{ Params: { key: string } }>(
      '/photos/:key',
      {
        schema: {
          tags: ['photos'],
          summary: 'A photo file (folder storage)',
          description: "The addresses come from a car's photos. The name is the hash of the content, so the file never changes: it is cached for a year.",
          params: z.object({ key: z.string().max(80) }),
          response: { 304: z.null(), 404: messageSchema },
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const file = PHOTO_KEY.test(key) ? await storage.open(key) : null;
        if (!file) throw notFound(`No photo ${key}`);
        const etag = `"${key.slice(0, 64)}"`;
        reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL).header('ETag', etag);
        if (noneMatchHits(request.headers['if-none-match'], etag)) {
          file.stream.destroy();
          return reply.code(304).send(null);
        }
        return reply.type(contentTypeOfKey(key)).header('Content-Length', String(file.size)).send(file.stream);
      },
    );
  }
}

/** The photo routes, with the multipart parser only where it is needed. */
export const photoRoutes = featureRoutes<Pick<AppContext, 'photos' | 'limits'>>('photo-routes', async (app, { photos, limits }) => {
  await app.register(multipart, multipartOptions);
  app.decorateRequest('photoCar', null);

  for (const category of CATEGORIES) carPhotoRoutes(app, photos, limits, category);

  photoFileRoute(app, photos);
});
