import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  createdPreviewLinkSchema,
  idField,
  localLinkInputSchema,
  messageSchema,
  previewCheckSchema,
  previewLinkInputSchema,
  previewLinkSchema,
  releaseVersionField,
} from '@usedcars/shared-contract';
import type { ZodApp } from '../../context';
import { notFound } from '../../http/errors';
import { bearerMatches } from '../metrics/metrics';
import { callerOf, deployDocumentation, deployRefusals, mayChange, nameOf } from './caller';
import { remoteField } from './fields';
import type { PreviewLinks } from './previews';

export interface PreviewRouteOptions {
  previews: PreviewLinks;
  /** The render servers' token (TELEMETRY_TOKEN): only they check and claim links. */
  renderServerToken?: string;
}

const errors = { 400: messageSchema, 404: messageSchema };
const byRemote = z.object({ remote: remoteField });
const linkQuery = z.object({ link: z.string().max(400), browser: z.string().max(64).optional() });

/** A refusal that says nothing: a link is checked by the render servers only, as /metrics is read by its token's holder only. */
const NOT_FOUND = 'This preview link is not valid, has expired or was withdrawn';

/** Preview links (docs/releases.md, "Previews"): made and withdrawn by a remote's team or an admin, checked by the render servers. */
export function previewRoutes(app: ZodApp, options: PreviewRouteOptions & { deployer: (action: string) => preParsingAsyncHookHandler }): void {
  const { previews, renderServerToken, deployer } = options;
  const fromRenderServer = (request: FastifyRequest) => !!renderServerToken && bearerMatches(request.headers.authorization, renderServerToken);

  app.post(
    '/releases/:remote/previews',
    {
      preParsing: deployer('make preview links'),
      // Nothing a page shows changes: no render server drops its pages for a new link.
      config: { quietWrite: true },
      schema: {
        tags: ['releases'],
        summary: 'A signed, expiring preview link to one registered release of the remote, for anyone who has it',
        description:
          'The link shows the whole site with this release of this remote, to whoever opens it, until it expires (7 days unless `expiresInSeconds` says otherwise, 10 s to 30 days) or is withdrawn. It names the release, never an address, and grants nothing else.',
        params: byRemote,
        body: previewLinkInputSchema,
        ...deployDocumentation,
        response: { 201: createdPreviewLinkSchema, ...deployRefusals, ...errors },
      },
    },
    async (request, reply) => {
      const { version, expiresInSeconds } = request.body;
      return reply.code(201).send(await previews.forRelease(request.params.remote, version, nameOf(callerOf(request)), expiresInSeconds));
    },
  );

  app.post(
    '/releases/:remote/local-links',
    {
      preParsing: deployer('open dev servers inside the site'),
      config: { quietWrite: true },
      schema: {
        tags: ['releases'],
        summary: "A link that makes the one browser that opens it first load the remote from a dev server on that visitor's own machine",
        description:
          'The `url` is the dev server’s mf-manifest.json on localhost, 127.0.0.1 or [::1]. Such pages are rendered in the browser only. 12 hours unless `expiresInSeconds` says otherwise.',
        params: byRemote,
        body: localLinkInputSchema,
        ...deployDocumentation,
        response: { 201: createdPreviewLinkSchema, ...deployRefusals, ...errors },
      },
    },
    async (request, reply) => {
      const { url, expiresInSeconds } = request.body;
      return reply.code(201).send(await previews.forDevServer(request.params.remote, url, nameOf(callerOf(request)), expiresInSeconds));
    },
  );

  app.get(
    '/previews',
    {
      preParsing: deployer('read preview links'),
      schema: {
        tags: ['releases'],
        summary: 'The preview links neither expired nor withdrawn, newest first (a deploy token sees its own remote’s)',
        querystring: z.object({ remote: remoteField.optional() }),
        ...deployDocumentation,
        response: { 200: z.array(previewLinkSchema), ...deployRefusals, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.query.remote) mayChange(caller, request.query.remote);
      const remote = caller.kind === 'team' ? caller.remote : request.query.remote;
      return reply.header('Cache-Control', 'no-store').send(await previews.live(remote));
    },
  );

  app.delete(
    '/previews/:id',
    {
      preParsing: deployer('withdraw preview links'),
      schema: {
        tags: ['releases'],
        summary: 'Withdraws one preview link at once: whoever opens it, or had it open, gets the site everyone gets, with a notice',
        params: z.object({ id: idField('id') }),
        ...deployDocumentation,
        response: { 200: previewLinkSchema, ...deployRefusals, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return previews.withdraw(request.params.id, nameOf(caller), (remote) => mayChange(caller, remote));
    },
  );

  app.delete(
    '/releases/:remote/:version/previews',
    {
      preParsing: deployer('withdraw preview links'),
      schema: {
        tags: ['releases'],
        summary: 'Withdraws every live preview link of one release; a preview’s history says so',
        params: byRemote.extend({ version: releaseVersionField }),
        ...deployDocumentation,
        response: { 200: z.array(previewLinkSchema), ...deployRefusals, ...errors },
      },
    },
    async (request) => previews.withdrawRelease(request.params.remote, request.params.version, nameOf(callerOf(request))),
  );

  app.get(
    '/previews/check',
    {
      schema: {
        tags: ['releases'],
        summary: 'What a preview link applies while it is valid (render servers only, with their token)',
        description: 'A local link responds only to the secret of the browser that claimed it. 404 for anything else, and for any other caller.',
        querystring: linkQuery,
        response: { 200: previewCheckSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const checked = fromRenderServer(request) ? await previews.check(request.query.link, request.query.browser) : null;
      if (!checked) throw notFound(NOT_FOUND);
      return reply.header('Cache-Control', 'no-store').send(checked);
    },
  );

  app.post(
    '/previews/claim',
    {
      config: { quietWrite: true },
      schema: {
        tags: ['releases'],
        summary: 'Claims a local link for the browser that opened it first (render servers only, with their token)',
        description: 'The response’s `browser` is the secret that browser keeps beside the link; the link responds to nobody without it. 404 once claimed.',
        body: linkQuery.pick({ link: true }),
        response: { 200: previewCheckSchema.extend({ browser: z.string() }), 404: messageSchema },
      },
    },
    async (request) => {
      const claimed = fromRenderServer(request) ? await previews.claim(request.body.link) : null;
      if (!claimed) throw notFound(NOT_FOUND);
      return claimed;
    },
  );
}
