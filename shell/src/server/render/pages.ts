import type { FastifyReply, FastifyRequest } from 'fastify';
import { carOfPath } from '@usedcars/shared-contract';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { assemblePage } from './page';
import { type CachedPage, type PageCache, encodePage } from '../cache/pageCache';
import type { RenderQueue } from './renderQueue';
import { RemoteUnavailable, registryVersionOf } from '@usedcars/federation/server';
import { type CacheOutcome, type PageOutcome, type RenderMetrics, fallbackReason } from '../observability/metrics';
import type { RenderRequest, Renderer } from './render';
import { RenderFailed } from './renderMarkup';
import type { PageTokens } from '../observability/pageTokens';
import { pageAddress, pageRemoteOf, pageScreenOf, statusOf } from './routeMatch';
import type { Remotes } from '../releases/releaseSet';
import { pageHeaders } from '../http/securityHeaders';
import { preconnectHeader } from '../http/preconnect';
import { RELEASE_BUCKET_HEADER, type SharedWith, type VisitorSet, isAnonymous } from '../releases/visitor';
import { clearSessionCookie, viewerOf, visitorSessionCookie } from '../session/session';
import { browserOnlyPreview, countedFor, reportedRemotes } from '../previews/previewPages';
import { withPreviewBlock } from '../../features/preview/pagePreview';
import { currentTraceId } from '@usedcars/shared-contract/tracing';

export interface PageResponderOptions {
  renderer: Renderer;
  template: string;
  budgetMs: number;
  runtimeFile: (name: 'remotes.json' | 'config.json') => string;
  visitorSet: (request: FastifyRequest, reply: FastifyReply) => Promise<VisitorSet>;
  /** The content security policy allows them all. */
  addresses: () => string[];
  cache: PageCache;
  queue: RenderQueue;
  metrics: RenderMetrics;
  releases: Map<string, string>;
  tokens?: PageTokens;
}

/** What a CDN may keep of an anonymous page (docs/operations.md, "The page cache"). */
const SHARED_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';
/** A page that may be rendered for one visitor is cached by nobody. */
const PRIVATE_PAGE = 'private, no-store';

function surrogateKeys(url: string): string {
  const car = carOfPath(url);
  return car ? `pages car-${car.id}` : 'pages';
}

/** A page that sets a cookie, or whose set only the visitor's cookies tell: cached here, by set, but never by a CDN. */
const OWN_PAGE_CACHE = 'private, no-cache';

/** docs/operate-production.md. */
function sharedCaching(sharedWith: SharedWith): { cacheControl: string; vary: string } {
  if (sharedWith === 'no one') return { cacheControl: OWN_PAGE_CACHE, vary: 'Accept-Encoding' };
  return { cacheControl: SHARED_PAGE_CACHE, vary: sharedWith === 'bucket' ? `Accept-Encoding, ${RELEASE_BUCKET_HEADER}` : 'Accept-Encoding' };
}

interface Runtime {
  text: string;
  configText: string;
  config: RuntimeConfig;
  headers: Record<string, string>;
  allowed: Set<string>;
}

/** Parsed again only when their text changes. */
function runtimeReader(runtimeFile: PageResponderOptions['runtimeFile'], addresses: PageResponderOptions['addresses']): () => Runtime {
  let runtime: Runtime | null = null;
  return () => {
    const configText = runtimeFile('config.json');
    const all = addresses();
    const text = `${all.join(' ')}\n${configText}`;
    if (runtime?.text !== text) {
      const config = JSON.parse(configText) as RuntimeConfig;
      const remotes = Object.fromEntries(all.map((address, index) => [String(index), address]));
      runtime = {
        text,
        configText,
        config,
        headers: {
          ...pageHeaders({ config, remotes }),
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          ...preconnectHeader([...all, config.apiUrl]),
        },
        allowed: new Set(all),
      };
    }
    return runtime;
  };
}

/** The visitor's set as a render needs it; the canaries follow from the set, so the page cache's key (the set) still names one page (a preview's is never cached). */
type RenderedSet = Pick<VisitorSet, 'remotes' | 'canaries'> & Partial<Pick<VisitorSet, 'preview'>>;

type BudgetedRenderOptions = Pick<PageResponderOptions, 'renderer' | 'template' | 'budgetMs' | 'queue' | 'metrics'> & {
  releases: Map<string, string>;
};

function budgetedRender({ renderer, template, budgetMs, queue, metrics, releases }: BudgetedRenderOptions) {
  return async (url: string, config: RuntimeConfig, { remotes, canaries, preview }: RenderedSet, session?: RenderRequest['session']) => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new Error(`not rendered within the ${budgetMs} ms budget`);
        controller.abort(reason);
        reject(reason);
      }, budgetMs);
    });
    try {
      // A baseline-set build's release only: a registered one is named by its address.
      const onBuild = (remote: string, release: string) => void (registryVersionOf(remotes[remote], remote) ? undefined : releases.set(remote, release));
      const rendering = queue.run(
        () => renderer.render({ url, config, remotes, hydrate: canaries, session, signal: controller.signal, onBuild, preview }),
        controller.signal,
      );
      const { status, page } = await Promise.race([rendering, outOfTime]);
      return { status, html: assemblePage(template, page) };
    } catch (error) {
      controller.abort(error);
      if (error instanceof RemoteUnavailable) metrics.remoteFailed(error.remote);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The page reads its telemetry token from its navigation entry (docs/releases.md, "What is trusted and why"); devtools show its trace (docs/operations.md, "Traces"). */
function serverTiming(reply: FastifyReply, render: string | undefined, token: string | undefined) {
  const traceId = currentTraceId();
  const entries = [render, token && `telemetry;desc="${token}"`, traceId && `trace;desc="${traceId}"`].filter(Boolean);
  if (entries.length > 0) reply.header('Server-Timing', entries.join(', '));
}

function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, html: string, page?: CachedPage, vary = 'Accept-Encoding') {
  const { encoding, body } = encodePage(String(request.headers['accept-encoding'] ?? ''), html, page);
  reply.header('Vary', vary);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(status).send(body);
}

/** An admin's pin may name a release that is neither live nor the canary: their page's policy allows it too. */
function allowPinned(reply: FastifyReply, config: RuntimeConfig, remotes: Remotes, allowed: Set<string>) {
  const pinned = Object.values(remotes).filter((url): url is string => typeof url === 'string' && !allowed.has(url));
  if (pinned.length > 0) reply.headers(pageHeaders({ config, remotes: Object.fromEntries([...allowed, ...pinned].map((url, index) => [String(index), url])) }));
}

export function createPageResponder({
  renderer,
  template,
  budgetMs,
  runtimeFile,
  visitorSet,
  addresses,
  cache,
  queue,
  metrics,
  releases,
  tokens,
}: PageResponderOptions) {
  /** Counted under the visitor's own release: a canary's failures never land on the live release (docs/releases.md). */
  const served = (url: string, remotes: Remotes, outcome: PageOutcome, reason: string, cache: CacheOutcome, seconds?: number, thrown?: unknown) => {
    const remote = pageRemoteOf(url);
    const release = registryVersionOf(remotes[remote], remote) ?? releases.get(remote) ?? 'unknown';
    const failure = thrown instanceof RenderFailed ? { screen: pageScreenOf(url), thrown: thrown.cause } : undefined;
    metrics.page({ remote, release, outcome, reason, cache, seconds, failure });
  };
  /** A crowd asking for one uncached page waits for one render. */
  const rendering = new Map<string, Promise<{ status: number; html: string }>>();
  const readRuntime = runtimeReader(runtimeFile, addresses);
  const render = budgetedRender({ renderer, template, budgetMs, queue, metrics, releases });

  const renderToCache = (key: string, url: string, config: RuntimeConfig, set: RenderedSet) => {
    let inFlight = rendering.get(key);
    if (!inFlight) {
      const ticket = cache.ticket();
      inFlight = render(url, config, set).then((result) => {
        cache.store(key, ticket, result.status, result.html);
        return result;
      });
      rendering.set(key, inFlight);
      void inFlight.catch(() => undefined).finally(() => rendering.delete(key));
    }
    return inFlight;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { configText, config, headers, allowed } = readRuntime();
    reply.headers(headers);
    const { remotes, bucket, sharedWith, canaries, preview } = await visitorSet(request, reply);
    allowPinned(reply, config, remotes, allowed);
    const url = pageAddress(request.url);
    // A dev server's code runs in this visitor's browser only, never here (docs/releases.md, "Your dev server inside the site").
    if (preview?.local.length) return browserOnlyPreview(reply, { config, remotes, allowed, preview }).send(withPreviewBlock(template, preview));
    // Per response, never in the HTML (one cached page, many visitors); none for HEAD, which has nothing to report from.
    const reported = reportedRemotes(remotes, preview);
    const token = request.method === 'GET' ? tokens?.issue(reported.remotes, bucket, reported.shell) : undefined;
    const { cacheControl: sharedCacheControl, vary } = sharedCaching(sharedWith);
    const cookie = visitorSessionCookie(request, reply);
    // A preview's pages are its visitor's alone: never looked up nor cached, here or in a shared cache.
    const shared = isAnonymous(request) && cache.enabled && !preview;
    const count = countedFor(url, preview, served);
    // Rendered and cached by what its screens read: a query parameter they ignore makes no new page.
    // The visitor's release set is part of the key: a canary's visitors never get the live release's pages, nor the reverse.
    const key = `${JSON.stringify(remotes)}\n${configText}\n${url}`;
    /** A cached page is sent as it is; a stale one is rendered again behind it. */
    const sendCached = (hit: NonNullable<ReturnType<typeof cache.lookup>>, headers: Record<string, string> = {}) => {
      if (!hit.fresh) renderToCache(key, url, config, { remotes, canaries }).catch(() => undefined);
      reply.headers({ 'X-Render-Cache': hit.fresh ? 'hit' : 'stale', ...headers });
      serverTiming(reply, undefined, token);
      count(remotes, 'rendered', '', hit.fresh ? 'hit' : 'stale');
      return sendPage(request, reply, hit.page.status, hit.page.html, hit.page, vary);
    };
    const cached = shared ? cache.lookup(key) : undefined;
    if (cached) return sendCached(cached, { 'Cache-Control': sharedCacheControl, 'Surrogate-Key': surrogateKeys(url) });
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const cacheOutcome: CacheOutcome = !cache.enabled ? 'none' : shared ? 'miss' : 'bypass';
    if (cookie || preview) reply.header('Cache-Control', PRIVATE_PAGE);
    try {
      if (!shared) {
        const viewer = cookie ? await viewerOf(config.apiUrl, cookie, AbortSignal.timeout(budgetMs)) : null;
        // A cookie the API refuses (tampered, expired, revoked): the page is the one for anyone, and the cookie goes.
        if (cookie && !viewer) clearSessionCookie(request, reply);
        const nobody = !viewer && !request.headers.authorization && cache.enabled && !preview;
        const cachedForAnyone = nobody ? cache.lookup(key) : undefined;
        // A forged cookie costs the API's check, never a render of its own.
        if (cachedForAnyone) return sendCached(cachedForAnyone);
        if (!nobody) {
          const { status, html } = await render(url, config, { remotes, canaries, preview }, cookie && viewer ? { cookie, viewer } : undefined);
          serverTiming(reply, `render;dur=${(performance.now() - started).toFixed(1)}`, token);
          count(remotes, 'rendered', '', cacheOutcome, seconds());
          return sendPage(request, reply.header('X-Render-Cache', 'bypass'), status, html);
        }
      }
      const { status, html } = await renderToCache(key, url, config, { remotes, canaries });
      serverTiming(reply, `render;dur=${(performance.now() - started).toFixed(1)}`, token);
      // A response clearing a refused cookie stays private (set above): no shared cache keeps a Set-Cookie.
      reply.headers({ 'X-Render-Cache': 'miss', 'Surrogate-Key': surrogateKeys(url) });
      if (!cookie) reply.header('Cache-Control', sharedCacheControl);
      count(remotes, 'rendered', '', cacheOutcome, seconds());
      return sendPage(request, reply, status, html, undefined, vary);
    } catch (error) {
      request.log.warn({ url: request.url, reason: error instanceof Error ? error.message : String(error) }, 'page left for the browser to render');
      serverTiming(reply, 'render;desc="browser"', token);
      count(remotes, 'browser', fallbackReason(error), cacheOutcome, seconds(), error);
      return sendPage(request, reply, statusOf(url), preview ? withPreviewBlock(template, preview) : template);
    }
  };
}
