import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE } from '@usedcars/shared-contract';
import { clearCookie, cookieOf } from './cookies';
import type { PinChecks, ReleaseSet, Remotes } from './releaseSet';
import { sessionCookieOf } from './session';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Pages that are the same for everyone in a release set: no credentials (the bucket and pin cookies choose the set, not the content). */
export const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && sessionCookieOf(request) === null;

/** The visitor's bucket 0–99, picked once and kept in a first-party cookie (docs/releases.md, "Canary"); any other value is replaced. */
export function visitorBucket(request: FastifyRequest, reply: FastifyReply, random: () => number = Math.random): number {
  const kept = cookieOf(request, RELEASE_BUCKET_COOKIE);
  if (kept !== undefined && /^\d{1,2}$/.test(kept)) return Number(kept);
  const bucket = Math.floor(random() * 100);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${RELEASE_BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`);
  // Later reads in this request (the page's own /remotes.json) see the same bucket.
  request.headers.cookie = `${RELEASE_BUCKET_COOKIE}=${bucket}${request.headers.cookie ? `; ${request.headers.cookie}` : ''}`;
  return bucket;
}

export interface VisitorSet {
  remotes: Remotes;
  /** Whether visitors get different sets (a canary or a pin): no shared cache outside this server may keep the page. */
  split: boolean;
  /** The visitor's bucket, which the page's telemetry token names. */
  bucket: number;
  /** The remotes this visitor gets the canary of: their screens run their code even where others get static markup. */
  canaries: string[];
}

/** The release set one visitor gets: their bucket, and an admin's pin once it is checked (a forged or expired pin's cookie is cleared). */
export function visitorSets(releases: ReleaseSet, pins: PinChecks, firstSet: () => Remotes) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorSet> => {
    const bucket = visitorBucket(request, reply);
    const pin = cookieOf(request, RELEASE_PIN_COOKIE);
    const claims = pin === undefined ? null : pins.claims(pin);
    if (pin !== undefined && !claims) clearCookie(request, reply, RELEASE_PIN_COOKIE);
    const chosen = releases.choose(firstSet(), bucket, pin && claims ? await pins.release(pin, claims) : null);
    return { ...chosen, bucket, canaries: releases.canariesIn(chosen.remotes) };
  };
}
