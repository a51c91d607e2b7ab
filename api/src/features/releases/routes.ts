import { z } from 'zod';
import {
  canaryAnalysisSchema,
  canaryShareField,
  liveSetSchema,
  messageSchema,
  releaseInputSchema,
  releaseSchema,
  releaseVersionField,
} from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import type { CanaryAnalyses } from './analysis';
import type { Guard } from '../auth/guard';
import { callerOf, deployDocumentation, deployRefusals, mayChange, nameOf, releaseCallerCheck, seesWho, withoutWho } from './caller';
import { REMOTE_NAMES, remoteField } from './fields';
import { type ReleaseFileOptions, releaseFileRoutes } from './file-routes';
import type { ReleaseChecks } from './preflight';
import type { ReleaseRegistry } from './service';
import { type PinOptions, pinAndTokenRoutes } from './token-routes';
import { type PreviewRouteOptions, previewRoutes } from './preview-routes';
import type { DeployTokens } from './tokens';
import { forgetUploads, publishUploads } from './uploads';

export interface ReleaseRouteOptions extends PinOptions, ReleaseFileOptions, PreviewRouteOptions {
  registry: ReleaseRegistry;
  tokens: DeployTokens;
  guard: Guard;
  checks: ReleaseChecks;
  analyses: CanaryAnalyses;
  /** Writes this instance's telemetry before an analysis is read (the other instances' arrive within their flush interval). */
  beforeAnalysis: () => Promise<void>;
}

const errors = { 400: messageSchema, 404: messageSchema, 409: messageSchema };
const byRemote = z.object({ remote: remoteField });

/** The release registry (docs/api.md, "Releases"): what the site runs, the history, and the team commands' calls. */
export const releaseRoutes = featureRoutes<ReleaseRouteOptions>('release-routes', async (app, options) => {
  const { registry, tokens, guard, checks, analyses, beforeAnalysis, releaseFiles, releaseUploads } = options;
  app.decorateRequest('releaseCaller', null);
  const deployer = (action: string) => releaseCallerCheck(guard, tokens, action);

  app.get(
    '/releases/live',
    {
      schema: {
        tags: ['releases'],
        summary: 'What the site runs: per remote with a release, the live one and the canary with its share of visitors',
        description:
          'Public: render servers read it at start, on every change event and on a slow poll. A remote missing here runs the baseline set (remotes.json).',
        response: { 200: liveSetSchema },
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await registry.liveSet()),
  );

  app.get(
    '/releases',
    {
      schema: {
        tags: ['releases'],
        summary: "The releases' history, newest first, optionally of one remote",
        description:
          'Public: versions, times, shares and statuses. Who registered a release and the reasons (which name people) only for admins and deploy tokens; `null` for anyone else.',
        querystring: z.object({ remote: remoteField.optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(releaseSchema), 401: messageSchema },
      },
    },
    async (request) => {
      const history = await registry.history(request.query.remote, request.query.limit);
      return (await seesWho(request, guard, tokens)) ? history : history.map(withoutWho);
    },
  );

  app.get(
    '/releases/analysis',
    {
      preParsing: deployer('read canary analyses'),
      schema: {
        tags: ['releases'],
        summary: "Each canary's verdict against its baseline, with its progress, its numbers beside the baseline's and its ramp",
        description:
          'For admins and deploy tokens (any remote). One entry per remote with a canary, optionally of one remote; `[]` without canaries. Rates are ratios (0–1), p75s in ms (docs/releases.md, "The verdict").',
        querystring: z.object({ remote: remoteField.optional() }),
        ...deployDocumentation,
        response: { 200: z.array(canaryAnalysisSchema), ...deployRefusals, 400: messageSchema },
      },
    },
    async (request, reply) => {
      await beforeAnalysis();
      const reports = await analyses.current(request.query.remote);
      return reply.header('Cache-Control', 'no-store').send(reports.map((report) => report.analysis));
    },
  );

  app.post(
    '/releases',
    {
      preParsing: deployer('register releases'),
      schema: {
        tags: ['releases'],
        summary:
          'Registers a release and makes it live, the canary for `canary` percent of visitors (optionally with a `ramp`), or a `preview` served to nobody',
        description:
          'A deploy token registers its own remote only (403 otherwise, nothing written). The manifest must be on the release storage or an origin of RELEASE_ORIGINS, and the API runs the preflight on it (400 with its reason otherwise; 503 when the site cannot be read). ' +
          'The live and canary it replaces are retired. A version registered before, at the same address, is released again (200) without new files. ' +
          'Its uploaded files are published (pages can load them) only once the checks pass. A `ramp` ({ steps, everyMs }) starts the canary at its first step and moves a healthy canary to the next after each `everyMs`, promoting it at 100. ' +
          'With `preview` nothing else changes: only its preview links show it (POST /releases/{remote}/previews); a preview released again as the canary or live needs no new files.',
        body: releaseInputSchema,
        ...deployDocumentation,
        response: { 200: releaseSchema, 201: releaseSchema, ...deployRefusals, ...errors, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const remote = remoteField.safeParse(request.body.remote);
      if (!remote.success) return reply.code(400).send({ message: `remote must be one of ${REMOTE_NAMES.join(', ')}` });
      mayChange(caller, remote.data);
      const preflight = await checks.check(request.body);
      // Checked: only now are its files where pages load them from (docs/releases.md, "Where releases are published").
      const { version } = request.body;
      await publishUploads(releaseUploads, releaseFiles, remote.data, version);
      const { release, again } = await registry.register(request.body, nameOf(caller), preflight);
      await forgetUploads(releaseUploads, remote.data, version).catch((error: unknown) =>
        request.log.warn({ err: error }, 'the upload area kept the files of a registered release'),
      );
      return reply.code(again ? 200 : 201).send(release);
    },
  );

  app.post(
    '/releases/:remote/promote',
    {
      preParsing: deployer('promote releases'),
      schema: {
        tags: ['releases'],
        summary: "Makes the remote's canary live for everyone; the live release before it retires",
        params: byRemote,
        ...deployDocumentation,
        response: { 200: releaseSchema, ...deployRefusals, ...errors },
      },
    },
    async (request) => registry.promote(request.params.remote, nameOf(callerOf(request))),
  );

  app.post(
    '/releases/:remote/rollback',
    {
      preParsing: deployer('roll back releases'),
      schema: {
        tags: ['releases'],
        summary: 'Takes the canary out of rotation, or puts back the release live before (or the registered version `to`)',
        description:
          'The releases that step down are marked rolled back, with the reason. The response is the release that is live afterwards. A release whose files are gone from the release storage is not made live (409).',
        params: byRemote,
        body: z.object({ to: releaseVersionField.optional(), reason: z.string().max(500).optional() }).default({}),
        ...deployDocumentation,
        response: { 200: releaseSchema, ...deployRefusals, ...errors },
      },
    },
    async (request) =>
      registry.rollback(request.params.remote, nameOf(callerOf(request)), {
        to: request.body.to,
        why: request.body.reason,
        refusal: (release) => checks.missingFiles(release),
      }),
  );

  app.put(
    '/releases/:remote/canary',
    {
      preParsing: deployer('change canaries'),
      schema: {
        tags: ['releases'],
        summary: "Changes the share of visitors the remote's canary gets (1–99); a ramp it had stops",
        params: byRemote,
        body: z.object({ share: canaryShareField }),
        ...deployDocumentation,
        response: { 200: releaseSchema, ...deployRefusals, ...errors },
      },
    },
    async (request) => registry.setShare(request.params.remote, request.body.share, nameOf(callerOf(request))),
  );

  await pinAndTokenRoutes(app, options);
  previewRoutes(app, { ...options, deployer });
  await releaseFileRoutes(app, { ...options, deployer });
});
