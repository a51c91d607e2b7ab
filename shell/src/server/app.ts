import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { PinSigner } from '@usedcars/shared-contract/pins';
import { PreviewSigner } from '@usedcars/shared-contract/preview-links';
import { STRICT_TRANSPORT_SECURITY, fastifyTrustProxy } from '@usedcars/shared-contract/proxy';
import { watchRemoteBuilds } from './cache/buildWatch';
import { listenForChanges } from './cache/changeListener';
import { PageCache, type PageCacheOptions } from './cache/pageCache';
import { runtimeFiles } from './releases/runtimeFiles';
import { sharedCachePurger } from './cache/sharedCache';
import { createPageResponder } from './render/pages';
import { RemoteServers, releaseOf, type PublishedManifest, type RemoteServersOptions } from '@usedcars/federation/server';
import { PinChecks, ReleaseSet, type Remotes } from './releases/releaseSet';
import { Renderer, serverRenderedModules } from './render/render';
import { type RenderMetrics, registerTokenMetrics } from './observability/metrics';
import { RenderQueue } from './render/renderQueue';
import { PageTokens } from './observability/pageTokens';
import { reportRenders } from './observability/telemetryReporter';
import { staticHeaders } from './http/securityHeaders';
import { visitorSets } from './releases/visitor';
import { PreviewChecks } from './previews/previews';
import { registerLeavePreview } from './previews/previewPages';
import { registerSessionRoutes } from './session/session';

/** docs/operations.md, "The render server": a remote that is down never makes a page fail. */
export interface RenderServerOptions {
  distDir: string;
  /** The build's own remotes.json and config.json otherwise. */
  runtimeDir?: string;
  /** Past it the browser is left to render the page. */
  budgetMs: number;
  logLevel?: string | false;
  remoteServers?: RemoteServersOptions;
  /** docs/operations.md, "The page cache". */
  pageCache?: PageCacheOptions & { changesUrl?: string; buildCheckMs?: number };
  renderQueue?: { concurrency: number; maxWaiting: number };
  releases?: { apiUrl?: string; pollMs?: number; origins?: readonly string[] };
  metrics: RenderMetrics;
  /** `text` gives all workers' numbers, with several. */
  metricsToken?: { token: string; text: () => Promise<{ contentType: string; body: string }> };
  /** Without it pages report nothing (docs/operations.md, "Telemetry"). */
  telemetryToken?: string;
  trustProxy?: boolean | number | string[];
  cachePurgeUrl?: string;
}

const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

const OWN_ROUTES = new Set(['/healthz', '/metrics', '/remotes.json', '/config.json']);

const isPageRequest = (method: string, pathname: string) => (method === 'GET' || method === 'HEAD') && !path.posix.basename(pathname).includes('.');

type RuntimeFile = ReturnType<typeof runtimeFiles>;

function countRequests(app: FastifyInstance, metrics: RenderMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const kind =
      route === undefined ? (isPageRequest(request.method, request.url.split('?')[0] ?? '/') ? 'page' : 'other') : OWN_ROUTES.has(route) ? 'other' : 'file';
    metrics.request(kind, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

function baselineSetReader(runtimeFile: RuntimeFile) {
  let first: { text: string; remotes: Remotes } = { text: '', remotes: {} };
  return (): Remotes => {
    const text = runtimeFile('remotes.json');
    if (text !== first.text) first = { text, remotes: JSON.parse(text) as Remotes };
    return first.remotes;
  };
}

function originsOf(remotes: Remotes): string[] {
  return Object.values(remotes).flatMap((address) => {
    try {
      return address ? [new URL(address).origin] : [];
    } catch {
      return [];
    }
  });
}

function runtimeRoutes(app: FastifyInstance, visitorSet: ReturnType<typeof visitorSets>, runtimeFile: RuntimeFile) {
  // The set this visitor gets, the same the server renders their pages with (a page left for the browser reads it).
  app.get('/remotes.json', async (request, reply) => {
    reply.headers({ ...staticHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache' });
    return JSON.stringify((await visitorSet(request, reply)).remotes);
  });
  app.get('/config.json', async (_request, reply) => {
    reply.headers({ ...staticHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    return runtimeFile('config.json');
  });
}

async function serveBuildFiles(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    // index.html is only the pages' template; one route per file, any other address is a page.
    index: false,
    wildcard: false,
    // Served above (the deployment's copies) or rendered per request; source maps stay private.
    globIgnore: ['index.html', 'index.html.*', 'remotes.json*', 'config.json*', 'chunks.json*', 'start-script.json*', '**/*.map', '**/*.map.*'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      for (const [name, value] of Object.entries(staticHeaders())) res.setHeader(name, value);
      // The file sent may be the .br or .gz beside the one asked for.
      res.setHeader('Cache-Control', HASHED.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}

export async function buildRenderServer(options: RenderServerOptions): Promise<FastifyInstance> {
  const { distDir, budgetMs } = options;
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const shellManifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as PublishedManifest;
  const chunksFile = path.join(distDir, 'chunks.json');
  const chunks = existsSync(chunksFile) ? (JSON.parse(readFileSync(chunksFile, 'utf8')) as Record<string, string[]>) : {};
  const remoteServers = new RemoteServers({ warm: serverRenderedModules, ...options.remoteServers });
  const renderer = new Renderer({ manifest: shellManifest, chunks }, remoteServers);

  const runtimeFile = runtimeFiles(distDir, options.runtimeDir);

  const app = Fastify({
    logger: options.logLevel === false ? false : { level: options.logLevel ?? 'info' },
    // One line per page left for the browser (below), not two per request.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });

  const { metrics } = options;
  countRequests(app, metrics);
  if (options.metricsToken) registerTokenMetrics(app, options.metricsToken.token, options.metricsToken.text);

  // The process that responded: with several render workers, which one (docs/operations.md).
  app.get('/healthz', async () => ({ status: 'ok', worker: process.pid }));

  const apiUrl = () => options.releases?.apiUrl ?? (JSON.parse(runtimeFile('config.json')) as RuntimeConfig).apiUrl;
  const cache = new PageCache(options.pageCache ?? { maxPages: 0, freshMs: 0, staleMs: 0 });
  const purgeShared = options.cachePurgeUrl
    ? sharedCachePurger(
        options.cachePurgeUrl,
        budgetMs + 200,
        (message) => app.log.warn(message),
        (outcome) => metrics.purge(outcome),
      )
    : () => undefined;
  const dropPages = () => {
    cache.invalidate();
    purgeShared();
  };
  const baselineSet = baselineSetReader(runtimeFile);
  const releases = new ReleaseSet({
    liveUrl: `${apiUrl()}/releases/live`,
    onChange: dropPages,
    log: (message) => app.log.warn(message),
    allowed: () => [`${apiUrl()}/release-files/`, ...originsOf(baselineSet()), ...(options.releases?.origins ?? [])],
    prepare: (builds) => remoteServers.prepare(builds),
  });
  const pins = new PinChecks(`${apiUrl()}/releases/pins`, options.telemetryToken ? new PinSigner(options.telemetryToken) : null);
  // Links are signed and checked with the render servers' token, as pins are (docs/releases.md, "Previews").
  const previews = new PreviewChecks(apiUrl, options.telemetryToken ? new PreviewSigner(options.telemetryToken) : null, options.telemetryToken);
  const visitorSet = visitorSets({ releases, pins, previews, baselineSet });

  runtimeRoutes(app, visitorSet, runtimeFile);
  registerLeavePreview(app);

  await serveBuildFiles(app, distDir);

  registerSessionRoutes(app, apiUrl);

  const { concurrency, maxWaiting } = options.renderQueue ?? { concurrency: 8, maxWaiting: 64 };
  const queue = new RenderQueue(concurrency, maxWaiting);
  const addresses = () => releases.addresses(baselineSet());
  // Each baseline-set remote's release as last seen in its manifest (the shell's is its own build's).
  const buildReleases = new Map([['shell', releaseOf(shellManifest)]]);
  const tokens = options.telemetryToken ? new PageTokens(options.telemetryToken, (remote) => buildReleases.get(remote)) : undefined;
  const respondWithPage = createPageResponder({
    renderer,
    template,
    budgetMs,
    runtimeFile,
    visitorSet,
    addresses,
    cache,
    queue,
    metrics,
    releases: buildReleases,
    tokens,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isPageRequest(request.method, pathname)) {
      reply.headers(staticHeaders());
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return respondWithPage(request, reply);
  });

  const stops: Array<() => void | Promise<void>> = [];
  app.addHook('onClose', async () => void (await Promise.all(stops.map((stop) => stop()))));
  // The remotes' server builds start loading now, so the first visitor's page is not the one that waits.
  app.addHook('onReady', async () => {
    // Every change event may be a release.
    const changes = { invalidate: () => (dropPages(), previews.forget(), void releases.refresh()), setCaching: (on: boolean) => cache.setCaching(on) };
    const changesUrl = options.pageCache?.changesUrl ?? `${apiUrl()}/changes`;
    stops.push(listenForChanges(changesUrl, changes, (message) => app.log.warn(message), options.telemetryToken));
    // The first pages already get the registry's set (or, with the API down, the baseline set: that is logged).
    await releases.refresh();
    stops.push(releases.poll(options.releases?.pollMs ?? 30_000));
    if (options.telemetryToken) {
      stops.push(reportRenders({ metrics, tokens, apiUrl, token: options.telemetryToken, log: (message) => app.log.warn(message) }));
    }
    if (options.pageCache || tokens) {
      // A republished baseline-set build drops the cached pages, and its release is what the next pages' tokens name.
      const versionOf = async (remote: string, manifestUrl: string) => {
        const build = await remoteServers.current(remote, manifestUrl);
        buildReleases.set(remote, releaseOf(build.manifest, manifestUrl, remote));
        return build.version;
      };
      stops.push(watchRemoteBuilds({ remotes: baselineSet, versionOf, onChange: dropPages, everyMs: options.pageCache?.buildCheckMs ?? 5_000 }));
    }
    try {
      void remoteServers.prepare(JSON.parse(runtimeFile('remotes.json')) as Partial<Record<string, string>>);
    } catch (error) {
      // Pages are still served (each one reads the file again); only the head start is lost.
      app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'remotes.json could not be read at start');
    }
  });

  return app;
}
