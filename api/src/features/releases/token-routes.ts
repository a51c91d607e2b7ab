import { z } from 'zod';
import {
  createdDeployTokenSchema,
  deployTokenInputSchema,
  deployTokenSchema,
  idField,
  messageSchema,
  pinnedReleaseSchema,
  releasePinSchema,
  releaseVersionField,
} from '@usedcars/shared-contract';
import type { ZodApp } from '../../context';
import { notFound } from '../../http/errors';
import { accountOf, onlyRoles } from '../auth/route-auth';
import { remoteField } from './fields';
import type { ReleaseRegistry } from './service';
import type { PinSigner } from '@usedcars/shared-contract/pins';
import type { DeployTokens } from './tokens';

export interface PinOptions {
  pins: PinSigner;
  pinTtlSeconds: number;
}

const adminOnly = (action: string) => onlyRoles(['admin'], action);
const errors = { 400: messageSchema, 404: messageSchema };

/** An admin's pins (docs/releases.md, "Pin") and the deploy tokens they hand to teams. */
export async function pinAndTokenRoutes(app: ZodApp, options: PinOptions & { registry: ReleaseRegistry; tokens: DeployTokens }): Promise<void> {
  const { registry, tokens, pins, pinTtlSeconds } = options;

  app.post(
    '/releases/pin',
    {
      config: { auth: adminOnly('pin releases') },
      schema: {
        tags: ['releases'],
        summary: "A signed, expiring pin to one registered release, for the admin's own browser (kept in the release_pin cookie)",
        description: 'Only a registered release can be pinned: the pin names a remote and a version, never an address.',
        body: z.object({ remote: remoteField, version: releaseVersionField }),
        response: { 201: releasePinSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { remote, version } = request.body;
      if (!(await registry.find(remote, version))) throw notFound(`${remote} has no release ${version}`);
      const exp = Math.floor(Date.now() / 1000) + pinTtlSeconds;
      return reply.code(201).send({ pin: pins.sign({ remote, version, exp }), remote, version, expiresAt: new Date(exp * 1000).toISOString() });
    },
  );

  app.get(
    '/releases/pins',
    {
      schema: {
        tags: ['releases'],
        summary: 'What a pin names, while it is well signed, unexpired and its release registered (render servers ask before they honour one)',
        querystring: z.object({ pin: z.string().max(600) }),
        response: { 200: pinnedReleaseSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const claims = pins.verify(request.query.pin);
      const release = claims ? await registry.find(claims.remote, claims.version) : undefined;
      if (!release) throw notFound('This pin is not valid, has expired, or names no registered release');
      return { remote: release.remote, version: release.version, manifestUrl: release.manifestUrl };
    },
  );

  app.get(
    '/deploy-tokens',
    {
      config: { auth: adminOnly('read deploy tokens') },
      schema: {
        tags: ['releases'],
        summary: 'The deploy tokens, revoked ones too (never the tokens themselves)',
        response: { 200: z.array(deployTokenSchema) },
      },
    },
    () => tokens.list(),
  );

  app.post(
    '/deploy-tokens',
    {
      config: { auth: adminOnly('create deploy tokens') },
      schema: {
        tags: ['releases'],
        summary: 'Creates a deploy token that releases one remote; the response is the only time the token is shown',
        body: deployTokenInputSchema.extend({ remote: remoteField }),
        response: { 201: createdDeployTokenSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await tokens.create(request.body.name, request.body.remote, accountOf(request).email)),
  );

  app.delete(
    '/deploy-tokens/:id',
    {
      config: { auth: adminOnly('revoke deploy tokens') },
      schema: {
        tags: ['releases'],
        summary: 'Revokes a deploy token at once; it stays listed, with when it was revoked',
        params: z.object({ id: idField('id') }),
        response: { 200: deployTokenSchema, ...errors },
      },
    },
    async (request) => tokens.revoke(request.params.id),
  );
}
