import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE } from '@usedcars/shared-contract';
import { clearCookie, cookieOf } from '../http/cookies';
import { stringifySetCookie } from 'cookie';
import { PREVIEW_ENDED_COOKIE, type PagePreview, expiresInWords } from '../../features/preview/pagePreview';
import { type PreviewChecks, visitorPreviews } from '../previews/previews';
import type { PinChecks, ReleaseSet, Remotes } from './releaseSet';
import { sessionCookieOf } from '../session/session';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The bucket a shared cache in front assigned, or copied from the visitor's cookie (docs/operate-production.md, "The edge"). */
export const RELEASE_BUCKET_HEADER = 'x-release-bucket';

const BUCKET = /^\d{1,2}$/;

/** Pages that are the same for everyone in a release set: no credentials (the bucket and pin cookies choose the set, not the content). */
export const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && sessionCookieOf(request) === null;

export type BucketSource = 'edge' | 'cookie' | 'picked';

/** The edge's header first: a shared cache files the page under that header's value. */
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

export type SharedWith = 'everyone' | 'bucket' | 'no one';

export interface VisitorSet {
  remotes: Remotes;
  bucket: number;
  sharedWith: SharedWith;
  /** The remotes this visitor gets the canary (or a preview) of: their screens run their code even where others get static markup. */
  canaries: string[];
  /** What the visitor previews (docs/releases.md, "Previews"): its pages are theirs alone, and the bar says so. */
  preview: PagePreview | null;
}

export interface VisitorSetSources {
  releases: ReleaseSet;
  pins: PinChecks;
  previews: PreviewChecks;
  baselineSet: () => Remotes;
}

/** The previews that apply over the set: a release the render server may load, a dev server on the visitor's machine. */
async function previewsOver(request: FastifyRequest, reply: FastifyReply, { releases, previews }: VisitorSetSources, remotes: Remotes) {
  const { applied, ended } = await visitorPreviews(request, reply, previews);
  const now = Date.now();
  const preview: PagePreview = { releases: [], local: [], ended };
  for (const { check } of applied) {
    if (!(check.remote in remotes)) continue;
    if (check.kind === 'local') {
      remotes[check.remote] = check.manifestUrl;
      preview.local.push({ remote: check.remote, origin: new URL(check.manifestUrl).origin });
    } else if (check.version && releases.loadable(check.manifestUrl)) {
      remotes[check.remote] = check.manifestUrl;
      preview.releases.push({ remote: check.remote, version: check.version, expiresIn: expiresInWords(check.expiresAt, now) });
    }
  }
  if (preview.releases.length > 0 || preview.local.length > 0) return preview;
  // Nothing previewed: the page everyone gets, cached; the bar says the link ended once the page has hydrated.
  if (ended)
    reply.header(
      'Set-Cookie',
      stringifySetCookie({ name: PREVIEW_ENDED_COOKIE, value: '1', path: '/', maxAge: 60, sameSite: 'lax', secure: request.protocol === 'https' }),
    );
  return ended ? 'ended' : null;
}

export function visitorSets(sources: VisitorSetSources) {
  const { releases, pins, baselineSet } = sources;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorSet> => {
    const { bucket, source } = visitorBucket(request, reply);
    const pin = cookieOf(request, RELEASE_PIN_COOKIE);
    const claims = pin === undefined ? null : pins.claims(pin);
    if (pin !== undefined && !claims) clearCookie(request, reply, RELEASE_PIN_COOKIE);
    const pinned = pin !== undefined && claims ? await pins.release(pin, claims) : null;
    const { remotes, split } = releases.choose(baselineSet(), bucket, pinned);
    const previewed = await previewsOver(request, reply, sources, remotes);
    const preview = previewed === 'ended' ? null : previewed;
    // Any Set-Cookie (a bucket picked here, a pin or a link cleared) or a pin or preview keeps the page to this visitor.
    const own = source === 'picked' || pin !== undefined || previewed !== null;
    const sharedWith: SharedWith = own ? 'no one' : !split ? 'everyone' : source === 'edge' ? 'bucket' : 'no one';
    const shown = preview?.releases.map(({ remote }) => remote) ?? [];
    return { remotes, bucket, sharedWith, canaries: [...new Set([...releases.canariesIn(remotes), ...shown])], preview };
  };
}
