import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { type Release, messageSchema } from '@usedcars/shared-contract';
import { forbidden, unauthorized } from '../../http/errors';
import type { Guard } from '../auth/guard';
import { ROLES_EXTENSION } from '../auth/route-auth';
import { DEPLOY_TOKEN_PREFIX, type DeployTokens } from './tokens';

/** Who changes the registry: a team's deploy token (one remote) or an admin (any). */
export type ReleaseCaller = { kind: 'team'; remote: string; name: string } | { kind: 'admin'; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before parsing on the routes that change the registry. */
    releaseCaller: ReleaseCaller | null;
  }
}

/** OpenAPI: a deploy token, or an admin's access token (the x-roles mark names the admin). */
const deploySecurity: Record<string, string[]>[] = [{ deployToken: [] }, { bearerAuth: [] }];
export const deployDocumentation = { security: deploySecurity, [ROLES_EXTENSION]: ['admin'] };
export const deployRefusals = { 401: messageSchema, 403: messageSchema };

const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** The caller of a registry-changing route, checked before its body is read; `action` completes "Only admin accounts can …". */
export function releaseCallerCheck(guard: Guard, tokens: DeployTokens, action: string): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    const bearer = bearerOf(request);
    if (bearer?.startsWith(DEPLOY_TOKEN_PREFIX)) {
      const token = await tokens.resolve(bearer);
      if (!token) throw unauthorized('This deploy token is not valid or was revoked');
      request.releaseCaller = { kind: 'team', remote: token.remote, name: token.name };
    } else {
      const admin = await guard.userWithRole(request, ['admin'], action);
      request.releaseCaller = { kind: 'admin', name: admin.email };
    }
    const { remote } = (request.params ?? {}) as { remote?: string };
    if (remote !== undefined) mayChange(request.releaseCaller, remote);
    return payload;
  };
}

export function callerOf(request: FastifyRequest): ReleaseCaller {
  if (!request.releaseCaller) throw new Error(`${request.method} ${request.routeOptions.url} reads the release caller but does not check it`);
  return request.releaseCaller;
}

/** A team's token changes its own remote only; a 403 before anything is written. */
export function mayChange(caller: ReleaseCaller, remote: string): void {
  if (caller.kind === 'team' && caller.remote !== remote) throw forbidden(`This deploy token releases ${caller.remote}, not ${remote}`);
}

/** How the registry's history names who did something. */
export const nameOf = (caller: ReleaseCaller) => (caller.kind === 'team' ? `${caller.name} (${caller.remote} token)` : caller.name);

/** Whether the caller may read who did what: an admin or a deploy token (a bad token is a 401, as everywhere). */
export async function seesWho(request: FastifyRequest, guard: Guard, tokens: DeployTokens): Promise<boolean> {
  const bearer = bearerOf(request);
  if (bearer?.startsWith(DEPLOY_TOKEN_PREFIX)) {
    if (!(await tokens.resolve(bearer))) throw unauthorized('This deploy token is not valid or was revoked');
    return true;
  }
  return (await guard.optionalUser(request))?.role === 'admin';
}

/** A release as anyone may read it: versions, times, shares and statuses, never who (the reasons name people). */
export const withoutWho = (release: Release): Release => ({ ...release, releasedBy: null, reason: null });
