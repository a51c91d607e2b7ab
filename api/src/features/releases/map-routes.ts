import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messageSchema, releaseVersionField } from '@usedcars/shared-contract';
import { releaseSourceMaps } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { deployDocumentation, deployRefusals } from './caller';
import { RELEASE_FILE_MAX_BYTES, isReleaseKeyShape, isSourceMapPath, releaseKey } from './files';
import { remoteField } from './fields';
import type { ReleaseRegistry } from './service';

/** Where a release's source maps are uploaded; nothing is ever served from here. */
export const RELEASE_MAPS_PATH = '/release-maps/';

/** A source map as a browser's or a bundler's tools read it: version 3, with sources and mappings. */
function isSourceMap(text: string): boolean {
  try {
    const map = JSON.parse(text) as { version?: unknown; sources?: unknown; mappings?: unknown };
    return map.version === 3 && Array.isArray(map.sources) && typeof map.mappings === 'string';
  } catch {
    return false;
  }
}

/**
 * PUT /release-maps/{remote}/{version}/{path}.map (docs/releases.md, "Errors"): a release's source
 * maps are kept in the database, never in the release files' storage, so no address serves them;
 * the API reads them to show where an error's frames are in the source. Like the files, only
 * before the version is registered, and never changed after.
 */
export function sourceMapUploadRoute(
  files: FastifyInstance,
  { registry, deployer }: { registry: ReleaseRegistry; deployer: (action: string) => preParsingAsyncHookHandler },
): void {
  files.withTypeProvider<ZodTypeProvider>().put(
    `${RELEASE_MAPS_PATH}:remote/:version/*`,
    {
      preParsing: deployer('upload source maps'),
      bodyLimit: RELEASE_FILE_MAX_BYTES,
      config: { quietWrite: true },
      schema: {
        tags: ['releases'],
        summary: 'Uploads a source map of a release that is not registered yet; it is kept private and used to show where errors are in the source',
        description:
          'The path is the map’s beside the file it maps (`static/js/812.4f3a2b1c.js.map`). Never served. 200 for the same bytes again, 409 for other bytes or once the version is registered, 400 for anything but a version 3 source map.',
        params: z.object({ remote: remoteField, version: releaseVersionField, '*': z.string().min(1).max(300) }),
        ...deployDocumentation,
        response: { 200: z.object({ path: z.string() }), 201: z.object({ path: z.string() }), ...deployRefusals, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const { remote, version, '*': path } = request.params;
      if (!isSourceMapPath(path) || !isReleaseKeyShape(releaseKey(remote, version, path)))
        throw badRequest('The path must be folders and a name ending in .map, of letters, digits, dots, dashes and underscores');
      const map = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      if (!isSourceMap(map)) throw badRequest(`${path} is not a source map (JSON of version 3 with sources and mappings)`);
      const t = releaseSourceMaps;
      const status = await registry.whileUnregistered(remote, version, async (tx) => {
        const [before] = await tx
          .select({ map: t.map })
          .from(t)
          .where(and(eq(t.remote, remote), eq(t.version, version), eq(t.path, path)));
        if (!before) {
          await tx.insert(t).values({ remote, version, path, map });
          return 201;
        }
        if (before.map === map) return 200;
        throw conflict(
          `${path} of ${remote} ${version} was uploaded before with other bytes: a version names one build, so a changed build gets a version of its own`,
        );
      });
      return reply.code(status).send({ path });
    },
  );
}
