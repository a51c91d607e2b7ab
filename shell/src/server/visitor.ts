import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE } from '@usedcars/shared-contract';
import { clearCookie, cookieOf } from './cookies';
import type { PinChecks, ReleaseSet, Remotes } from './releaseSet';
import { sessionCookieOf } from './session';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The bucket a shared cache in front assigned, or copied from the visitor's cookie (docs/operate-production.md, "The edge"). */
export const RELEASE_BUCKET_HEADER = 'x-release-bucket';

const BUCKET = /^\d{1,2}$/;

/** Pages that are the same for everyone in a release set: no credentials (the bucket and pin cookies choose the set, not the content). */
export const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && sessionCookieOf(request) === null;

/** Where the visitor's bucket came from: the edge's header, their cookie, or picked here (and sent as a cookie with this response). */
export type BucketSource = 'edge' | 'cookie' | 'picked';

/**
 * The visitor's bucket 0–99 (docs/releases.md, "Canary"). The edge's header comes first: a shared cache files the page under
 * that header's value, so the page must be the one for it. Else the cookie; else one is picked and kept in a first-party cookie.
 */
export function visitorBucket(request: FastifyRequest, reply: FastifyReply, random: () => number = Math.random): { bucket: number; source: BucketSource } {
  const edge = request.headers[RELEASE_BUCKET_HEADER];
  if (typeof edge === 'string' && BUCKET.test(edge)) return { bucket: Number(edge), source: 'edge' };
  const kept = cookieOf(request, RELEASE_BUCKET_COOKIE);
  if (kept !== undefined && BUCKET.test(kept)) return { bucket: Number(kept), source: 'cookie' };
  const bucket = Math.floor(random() * 100);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${RELEASE_BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`);
  // Later reads in this request (the page's own /remotes.json) see the same bucket.
  request.headers.cookie = `${RELEASE_BUCKET_COOKIE}=${bucket}${request.headers.cookie ? `; ${request.headers.cookie}` : ''}`;
  return { bucket, source: 'picked' };
}

/**
 * Who else may be sent this visitor's page from a shared cache: everyone (one set for all), visitors of the same bucket
 * (a canary splits them, and the edge names the bucket), or no one (a cookie is set with it, a pin applies, or the set
 * depends on a cookie no cache in front keys on).
 */
export type SharedWith = 'everyone' | 'bucket' | 'no one';

export interface VisitorSet {
  remotes: Remotes;
  /** The visitor's bucket, which the page's telemetry token names. */
  bucket: number;
  sharedWith: SharedWith;
  /** The remotes this visitor gets the canary of: their screens run their code even where others get static markup. */
  canaries: string[];
}

/** The release set one visitor gets: their bucket, and an admin's pin once it is checked (a forged or expired pin's cookie is cleared). */
export function visitorSets(releases: ReleaseSet, pins: PinChecks, firstSet: () => Remotes) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorSet> => {
    const { bucket, source } = visitorBucket(request, reply);
    const pin = cookieOf(request, RELEASE_PIN_COOKIE);
    const claims = pin === undefined ? null : pins.claims(pin);
    if (pin !== undefined && !claims) clearCookie(request, reply, RELEASE_PIN_COOKIE);
    const pinned = pin !== undefined && claims ? await pins.release(pin, claims) : null;
    const { remotes, split } = releases.choose(firstSet(), bucket, pinned);
    // Any Set-Cookie (a bucket picked here, a pin cleared) or a pin keeps the page to this visitor.
    const own = source === 'picked' || pin !== undefined;
    const sharedWith: SharedWith = own ? 'no one' : !split ? 'everyone' : source === 'edge' ? 'bucket' : 'no one';
    return { remotes, bucket, sharedWith, canaries: releases.canariesIn(remotes) };
  };
}
