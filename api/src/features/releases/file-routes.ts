import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, releaseVersionField } from '@usedcars/shared-contract';
import { badRequest, conflict, notFound } from '../../http/errors';
import { FolderStorage, IMMUTABLE_CACHE_CONTROL, type PhotoStorage } from '../photos/storage';
import { asUploadFailure } from '../photos/storage-outage';
import { deployDocumentation, deployRefusals } from './caller';
import { RELEASE_FILE_MAX_BYTES, RELEASE_KEYS, isSourceMapPath, releaseKey } from './files';
import { RELEASE_MAPS_PATH, sourceMapUploadRoute } from './map-routes';
import { RELEASE_FILES_PATH } from './settings';
import { remoteField } from './fields';
import type { ReleaseRegistry } from './service';

export interface ReleaseFileOptions {
  releaseFiles: PhotoStorage;
  /** Where a version's files wait until it is registered (uploads.ts). */
  releaseUploads: PhotoStorage;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that changes nothing a render server or a list shows: no change event (a release's files, before it is registered). */
    quietWrite?: boolean;
  }
}

/**
 * A release's files (docs/releases.md): uploaded one by one under remote/version/ into the upload area before the
 * release is registered, published by its registration, never changed after; served with a year's caching, and
 * readable by the site's pages (CORS_ORIGINS, as every API response), which fetch a remote's manifest from wherever
 * it is published. Nobody loads a file of a version that is not registered: it is not where files are served from.
 */
export async function releaseFileRoutes(
  scope: FastifyInstance,
  {
    releaseFiles,
    releaseUploads,
    registry,
    deployer,
  }: ReleaseFileOptions & { registry: ReleaseRegistry; deployer: (action: string) => preParsingAsyncHookHandler },
): Promise<void> {
  await scope.register(async (files) => {
    // Every body here is a file's bytes, whatever type it is sent as.
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const app = files.withTypeProvider<ZodTypeProvider>();

    app.put(
      `${RELEASE_FILES_PATH}:remote/:version/*`,
      {
        preParsing: deployer('upload release files'),
        bodyLimit: RELEASE_FILE_MAX_BYTES,
        config: { quietWrite: true },
        schema: {
          tags: ['releases'],
          summary: "Uploads one file of a release that is not registered yet (the body is the file's bytes)",
          description:
            'Once the version is registered its files never change (409). A file uploaded before responds with 200 when the bytes are the same (an upload retried) and 409 when they differ. The response is the address the file is served from once its version is registered (nobody can load it before). A source map (`.map`) is refused (400): maps go to PUT /release-maps/ and are never served.',
          params: z.object({ remote: remoteField, version: releaseVersionField, '*': z.string().min(1).max(300) }),
          ...deployDocumentation,
          response: {
            200: z.object({ url: z.string() }),
            201: z.object({ url: z.string() }),
            ...deployRefusals,
            400: messageSchema,
            409: messageSchema,
            503: messageSchema,
          },
        },
      },
      async (request, reply) => {
        const { remote, version, '*': file } = request.params;
        const key = releaseKey(remote, version, file);
        if (isSourceMapPath(file)) throw badRequest(`Source maps are kept private: upload them with PUT ${RELEASE_MAPS_PATH}${remote}/${version}/${file}`);
        if (!RELEASE_KEYS.check(key)) throw badRequest('The file path must be folders and a name of letters, digits, dots, dashes and underscores');
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const status = await registry.whileUnregistered(remote, version, async () => {
          const before = await releaseUploads.get(key).catch(asUploadFailure);
          if (!before) {
            await releaseUploads.put(key, bytes);
            return 201;
          }
          if (before.equals(bytes)) return 200;
          throw conflict(
            `${file} of ${remote} ${version} was uploaded before with other bytes: a version names one build (its files' hash), so a changed build gets a version of its own`,
          );
        });
        return reply.code(status).send({ url: releaseFiles.urlOf(key) });
      },
    );

    sourceMapUploadRoute(files, { registry, deployer });

    if (!(releaseFiles instanceof FolderStorage)) return;
    files.get<{ Params: { '*': string } }>(
      `${RELEASE_FILES_PATH}*`,
      { schema: { tags: ['releases'], summary: 'A release file (folder storage), cached for a year', response: { 404: messageSchema } } },
      async (request, reply) => {
        const key = request.params['*'];
        // Never a source map, even one put in the folder by hand: RELEASE_KEYS refuses them.
        const opened = RELEASE_KEYS.check(key) ? await releaseFiles.open(key) : null;
        if (!opened) throw notFound(`No release file ${key}`);
        return reply
          .headers({ 'Cache-Control': IMMUTABLE_CACHE_CONTROL, 'Content-Length': String(opened.size) })
          .type(RELEASE_KEYS.contentType(key))
          .send(opened.stream);
      },
    );
  });
}
