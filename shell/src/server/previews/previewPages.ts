import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { PREVIEW_PARAM, RELEASE_PREVIEW_COOKIE } from '@usedcars/shared-contract';
import { LEAVE_PREVIEW_PATH, type PagePreview } from '../../features/preview/pagePreview';
import { clearCookie } from '../http/cookies';
import type { CacheOutcome, PageOutcome } from '../observability/metrics';
import type { Remotes } from '../releases/releaseSet';
import { pageRemoteOf } from '../render/routeMatch';
import { pageHeaders, staticHeaders } from '../http/securityHeaders';

// docs/releases.md, "Previews": what a previewing visitor's pages carry, and what they count for.

/** A page for one visitor only: no cache of any kind keeps it. */
const PREVIEW_PAGE = 'private, no-store';

/**
 * The releases a previewing page's reports may name: the previewed ones only, so what its visitor
 * sees never counts in a canary's or a live release's health. Any other page: all of its set.
 */
export function reportedRemotes(remotes: Remotes, preview: PagePreview | null): { remotes: Remotes; shell: boolean } {
  if (!preview || preview.releases.length === 0) return { remotes, shell: true };
  return { remotes: Object.fromEntries(preview.releases.map(({ remote }) => [remote, remotes[remote]])), shell: false };
}

type Served = (url: string, remotes: Remotes, outcome: PageOutcome, reason: string, cache: CacheOutcome, seconds?: number, thrown?: unknown) => void;

/** A previewing page counts for its screen's release only when that release is the one previewed. */
export function countedFor(url: string, preview: PagePreview | null, served: Served) {
  const previewed = preview?.releases.map(({ remote }) => remote) ?? [];
  const counts = previewed.length === 0 || previewed.includes(pageRemoteOf(url));
  return (remotes: Remotes, outcome: PageOutcome, reason: string, cache: CacheOutcome, seconds?: number, thrown?: unknown) =>
    counts ? served(url, remotes, outcome, reason, cache, seconds, thrown) : undefined;
}

/**
 * A page with a remote from a dev server: the browser renders it, from the page's own
 * /remotes.json, and its security policy allows that dev server (its scripts and its hot-reload
 * socket) for this visitor's pages alone.
 */
export function browserOnlyPreview(
  reply: FastifyReply,
  { config, remotes, allowed, preview }: { config: RuntimeConfig; remotes: Remotes; allowed: Set<string>; preview: PagePreview },
): FastifyReply {
  const addresses = [...allowed, ...Object.values(remotes).filter((url): url is string => typeof url === 'string')];
  const devServers = preview.local.map(({ origin }) => origin);
  reply.headers({
    ...pageHeaders({ config, remotes: Object.fromEntries(addresses.map((url, index) => [String(index), url])), devServers }),
    'Cache-Control': PREVIEW_PAGE,
    'X-Render-Cache': 'bypass',
    Vary: 'Accept-Encoding',
  });
  return reply.code(200);
}

/** Where Leave preview sends the visitor back: a path of this site, without the link it was opened with. */
function returnPathOf(body: unknown): string {
  const asked = new URLSearchParams(typeof body === 'string' ? body : '').get('return') ?? '/';
  if (!asked.startsWith('/') || asked.startsWith('//') || asked.includes('\\')) return '/';
  const url = new URL(asked, 'http://site.invalid');
  url.searchParams.delete(PREVIEW_PARAM);
  return `${url.pathname}${url.search}`;
}

/** Leave preview (the bar's form): the links go, and the visitor is back on the page they were on, as everyone gets it. */
export function registerLeavePreview(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope.post(LEAVE_PREVIEW_PATH, async (request, reply) => {
      clearCookie(request, reply, RELEASE_PREVIEW_COOKIE);
      return reply.headers({ ...staticHeaders(), 'Cache-Control': 'no-store' }).redirect(returnPathOf(request.body), 303);
    });
  });
}
