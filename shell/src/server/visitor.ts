import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE } from '@usedcars/shared-contract';
import type { PinChecks, ReleaseSet, Remotes } from './releaseSet';

/** The session cookie of a signed-in person: the only cookie that makes a page personal. */
const SESSION_COOKIE = '__session';
const YEAR_SECONDS = 365 * 24 * 3600;

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** Pages that are the same for everyone in a release set: no credentials (the bucket and pin cookies choose the set, not the content). */
export const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && cookieOf(request.headers.cookie, SESSION_COOKIE) === undefined;

/** The visitor's bucket 0–99, picked once and kept in a first-party cookie (docs/releases.md, "Canary"). */
export function visitorBucket(request: FastifyRequest, reply: FastifyReply, random: () => number = Math.random): number {
  const kept = cookieOf(request.headers.cookie, RELEASE_BUCKET_COOKIE);
  if (kept !== undefined && /^\d{1,2}$/.test(kept)) return Number(kept);
  const bucket = Math.floor(random() * 100);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${RELEASE_BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`);
  // Later reads in this request (the page's own /remotes.json) see the same bucket.
  request.headers.cookie = `${request.headers.cookie ? `${request.headers.cookie}; ` : ''}${RELEASE_BUCKET_COOKIE}=${bucket}`;
  return bucket;
}

export interface VisitorSet {
  remotes: Remotes;
  /** Whether visitors get different sets (a canary or a pin): no shared cache outside this server may keep the page. */
  split: boolean;
}

/** The release set one visitor gets: their bucket, and an admin's pin once the API has checked it. */
export function visitorSets(releases: ReleaseSet, pins: PinChecks, firstSet: () => Remotes) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorSet> => {
    const bucket = visitorBucket(request, reply);
    const pin = cookieOf(request.headers.cookie, RELEASE_PIN_COOKIE);
    return releases.choose(firstSet(), bucket, pin ? await pins.check(pin) : null);
  };
}
