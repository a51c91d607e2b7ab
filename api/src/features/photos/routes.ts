import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest, FastifySchemaCompiler, preParsingAsyncHookHandler } from 'fastify';
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
  carPhotosAnswerSchema,
  idField,
  messageSchema,
  photoOrderSchema,
  photoRefusalSchema,
} from '@usedcars/shared-contract';
import type { AppContext, ZodApp } from '../../context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { accountOf, onlyRoles } from '../auth/route-auth';
import { PHOTO_KEY, PhotoRejection, contentTypeOfKey } from './processing';
import { type OwnedCar, type PhotoService, type StagedPhoto, tooManyPhotos } from './service';
import { FolderStorage, IMMUTABLE_CACHE_CONTROL } from './storage';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before parsing on the photo routes: the car named in the address, the caller's own. */
    photoCar: OwnedCar | null;
  }
}

// eslint-disable-next-line no-control-regex -- a file name's control characters are what it finds
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// eslint-disable-next-line no-control-regex -- every control character, tabs and line breaks too, leaves a quoted name
const ANY_CONTROL_CHAR = /[\u0000-\u001F\u007F]/g;

/** The name a file was sent under, fit to quote in a message: no folders, no control characters. */
export function displayName(filename: string | undefined, position: number): string {
  const base = (filename ?? '').split(/[\\/]/).pop()!.replace(ANY_CONTROL_CHAR, '').trim();
  if (!base) return `Photo ${position}`;
  return base.length > 100 ? `${base.slice(0, 97)}…` : base;
}

function altText(value: unknown, truncated: boolean): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (truncated || text.length > PHOTO_ALT_MAX) throw badRequest(`alt must be at most ${PHOTO_ALT_MAX} characters`);
  if (CONTROL_CHARS.test(text)) throw badRequest('alt contains invalid characters');
  return text;
}

/** A refusal about one file: the message starts with its name, and `file` carries it for the page. */
function aboutFile(name: string, status: number, text: string): HttpError {
  return new HttpError(status, `${name} ${text}`, { file: name });
}

/** Reads one file to memory; busboy stops storing past the size limit and marks it truncated. */
async function readFile(part: Extract<Multipart, { type: 'file' }>): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
}

/** Reads a file no one needs to its end: the next part only arrives once this one has been read. */
async function skip(part: Multipart): Promise<void> {
  if (part.type !== 'file' || part.file.readableEnded || part.file.destroyed) return;
  for await (const _chunk of part.file);
}

/** The multipart plugin's own refusals, in the same words as ours. */
function multipartError(error: unknown): HttpError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(409, `A car has at most ${PHOTOS_PER_CAR_MAX} photos; send at most that many at once`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest(`Send the photos in "${PHOTO_FILE_FIELD}" and at most one "${PHOTO_ALT_FIELD}" per photo`);
  return badRequest('The upload was cut short or is not valid multipart/form-data; send it again');
}

/**
 * The request body is read by the handler (request.parts()); the schema of `body` is there for
 * the OpenAPI document only, and every other part is validated as usual.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route hands its own schema object here
const bodyIsDocumentation: FastifySchemaCompiler<any> = (route) => (route.httpPart === 'body' ? (value) => ({ value }) : validatorCompiler(route));

const uploadDescription =
  `multipart/form-data: one or more files in the field "${PHOTO_FILE_FIELD}" (1–${PHOTOS_PER_CAR_MAX} photos per car in all), ` +
  `optionally one "${PHOTO_ALT_FIELD}" text per photo, in the same order. Each file must be a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF ` +
  `picture (judged by its content), at most ${PHOTO_FILE_MAX_BYTES / 1024 / 1024} MB and ${PHOTO_MAX_PIXELS / 1e6} megapixels. ` +
  `Each is turned upright and re-encoded without its metadata (EXIF, GPS, XMP) as ${PHOTO_FORMATS.join(', ')} at widths ` +
  `${PHOTO_WIDTHS.join(', ')} (never wider than the original). All or nothing: a refused file refuses the upload, ` +
  "and the message names it (also in `file`). Each photo counts against the seller's photo limit (429).";

const uploadBody = z.object({
  [PHOTO_FILE_FIELD]: z.array(z.file()).describe("The photo files, in the order they are to follow the car's other photos"),
  [PHOTO_ALT_FIELD]: z.array(z.string().max(PHOTO_ALT_MAX)).optional().describe('A description of each photo, for people who cannot see it'),
});

/** The photo routes, with the multipart parser only where it is needed. */
export function photoRoutes(photos: PhotoService, { limits }: AppContext): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(multipart, {
      // Past the limit busboy drops the rest of the file and marks it truncated; the handler
      // then refuses the upload, naming the file, instead of the plugin's wordless error.
      throwFileSizeLimit: false,
      limits: {
        fileSize: PHOTO_FILE_MAX_BYTES,
        // One more than a car can have, so the file that would be the 13th is read far enough to be named.
        files: PHOTOS_PER_CAR_MAX + 1,
        fields: PHOTOS_PER_CAR_MAX,
        fieldSize: 4 * PHOTO_ALT_MAX,
        parts: 2 * PHOTOS_PER_CAR_MAX + 1,
        headerPairs: 100,
      },
    });
    scope.decorateRequest('photoCar', null);
    const app = scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as unknown as ZodApp;

    const carOf = (request: FastifyRequest): OwnedCar => {
      if (!request.photoCar) throw new Error(`${request.method} ${request.routeOptions.url} has no car`);
      return request.photoCar;
    };

    for (const category of CATEGORIES) {
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
              201: carPhotosAnswerSchema,
              ...refusals,
              409: photoRefusalSchema,
              413: photoRefusalSchema,
              415: photoRefusalSchema,
              429: messageSchema,
            },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) throw new HttpError(415, `Send the photos as multipart/form-data, each file in the field "${PHOTO_FILE_FIELD}"`);
          const car = carOf(request);
          const existing = await photos.count(car.id);
          const slots = limits.slots('photo', accountOf(request).id);
          const staged: StagedPhoto[] = [];
          const alts: string[] = [];
          let files = 0;
          let refusal: unknown = null;

          // Every part is read to the end even after a refusal, so the answer is not sent while
          // the browser is still sending: it then reads the message rather than a reset connection.
          try {
            for await (const part of request.parts()) {
              if (refusal) {
                await skip(part);
                continue;
              }
              try {
                if (part.type === 'field') {
                  if (part.fieldname !== PHOTO_ALT_FIELD) throw badRequest(`Unknown field: ${part.fieldname}`);
                  alts.push(altText(part.value, part.valueTruncated));
                  continue;
                }
                files += 1;
                const name = displayName(part.filename, files);
                if (part.fieldname !== PHOTO_FILE_FIELD)
                  throw aboutFile(name, 400, `was sent as "${part.fieldname}"; send photos in the field "${PHOTO_FILE_FIELD}"`);
                if (existing + files > PHOTOS_PER_CAR_MAX) throw tooManyPhotos(name, existing);
                await slots.take();
                const { bytes, truncated } = await readFile(part);
                if (truncated) throw aboutFile(name, 413, `is larger than ${PHOTO_FILE_MAX_BYTES / 1024 / 1024} MB, the most a photo may be`);
                if (bytes.length === 0) throw aboutFile(name, 400, 'is empty');
                try {
                  staged.push(await photos.stage(name, bytes));
                } catch (error) {
                  if (error instanceof PhotoRejection) throw aboutFile(name, error.statusCode, error.message);
                  throw error;
                }
              } catch (error) {
                refusal = error;
                await skip(part);
              }
            }
          } catch (error) {
            refusal ??= multipartError(error);
          }

          try {
            if (refusal) throw refusal;
            if (staged.length === 0) throw badRequest(`Send at least one photo, in the field "${PHOTO_FILE_FIELD}"`);
            if (alts.length > staged.length)
              throw badRequest(`There are ${alts.length} "${PHOTO_ALT_FIELD}" texts for ${staged.length} photos; send at most one per photo`);
            return reply.code(201).send(await photos.commit(car.id, staged, alts));
          } catch (error) {
            // All or nothing: the files this upload wrote go (unless another photo uses them), its slots come back.
            await Promise.all([photos.discard(staged), slots.giveBack()]);
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
            response: { 200: carPhotosAnswerSchema, ...refusals, 409: messageSchema },
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
            response: { 200: carPhotosAnswerSchema, ...refusals },
          },
        },
        async (request) => photos.remove(carOf(request).id, request.params.photoId),
      );
    }

    const storage = photos.storage;
    if (storage instanceof FolderStorage) {
      // On the untyped scope: the answer is a file stream, which no response schema describes.
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
          if (request.headers['if-none-match'] === etag) {
            file.stream.destroy();
            return reply.code(304).send(null);
          }
          return reply.type(contentTypeOfKey(key)).header('Content-Length', String(file.size)).send(file.stream);
        },
      );
    }
  };
}
