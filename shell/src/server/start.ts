import cluster from 'node:cluster';
import path from 'node:path';
import { trustProxyFromEnv } from '@usedcars/shared-contract/proxy';
import { TOPOLOGY } from '@usedcars/shared-contract/topology';
import { buildRenderServer } from './app';
import { RenderMetrics } from './observability/metrics';
import { listenForScrapes, metricsServingFromEnv, ownMetricsText, workerMetricsText } from './observability/metricsServing';
import { startRenderTracing } from './observability/tracing';

/**
 * `node shell/dist-server/main.js`: the shell's render server (docs/operations.md, "The render
 * server"). Settings come from the environment:
 *   PORT (the shell's in shared-contract/topology.json), HOST (127.0.0.1), SHELL_DIST (the shell's browser build, ../dist),
 *   SHELL_RUNTIME_DIR (this deployment's remotes.json and config.json; the build's copies otherwise),
 *   SSR_BUDGET_MS (300: past it, the page is left for the browser to render), LOG_LEVEL (info),
 *   PAGE_CACHE (on; off keeps no page), PAGE_CACHE_FRESH_MS (60000), API_CHANGES_URL (the API's
 *   /changes from config.json), RENDER_CONCURRENCY (8), RENDER_QUEUE (64), RELEASES_API_URL (the API
 *   whose release registry it reads; config.json's apiUrl), RELEASES_POLL_MS (30000), RELEASE_ORIGINS (where else releases may load from), METRICS_PORT,
 *   METRICS_HOST and METRICS_TOKEN (docs/operations.md, "Metrics"), TELEMETRY_TOKEN (the API's, for render counts),
 *   TRUST_PROXY (as the API's: the proxies whose X-Forwarded-Proto tells HTTPS, for Strict-Transport-Security),
 *   CACHE_PURGE_URL (the shared cache in front, told to purge its pages on every change: docs/operate-production.md),
 *   OTEL_EXPORTER_OTLP_ENDPOINT and the other standard OTEL_ variables (traces: docs/operations.md, "Traces").
 */
export async function start(): Promise<void> {
  const env = process.env;
  const distDir = path.resolve(env.SHELL_DIST ?? path.join(__dirname, '..', 'dist'));
  // Before the server is made: its requests are traced from the first (docs/operations.md, "Traces").
  const tracing = await startRenderTracing(distDir, env);
  const serving = metricsServingFromEnv(env);
  const metrics = new RenderMetrics();
  // A worker's numbers are added up by the primary, which alone listens on METRICS_PORT (workers.ts).
  const text = cluster.isWorker ? workerMetricsText(metrics.registry) : ownMetricsText(metrics.registry);
  const app = await buildRenderServer({
    distDir,
    runtimeDir: env.SHELL_RUNTIME_DIR ? path.resolve(env.SHELL_RUNTIME_DIR) : undefined,
    budgetMs: Number(env.SSR_BUDGET_MS ?? 300),
    logLevel: env.LOG_LEVEL ?? 'info',
    pageCache:
      env.PAGE_CACHE === 'off'
        ? undefined
        : { maxPages: 1_000, freshMs: Number(env.PAGE_CACHE_FRESH_MS ?? 60_000), staleMs: 5 * 60_000, changesUrl: env.API_CHANGES_URL || undefined },
    renderQueue: { concurrency: Number(env.RENDER_CONCURRENCY ?? 8), maxWaiting: Number(env.RENDER_QUEUE ?? 64) },
    releases: {
      apiUrl: env.RELEASES_API_URL || undefined,
      pollMs: Number(env.RELEASES_POLL_MS ?? 30_000),
      origins: (env.RELEASE_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    },
    metrics,
    metricsToken: serving.token ? { token: serving.token, text } : undefined,
    telemetryToken: env.TELEMETRY_TOKEN?.trim() || undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    cachePurgeUrl: env.CACHE_PURGE_URL?.trim() || undefined,
  });
  const scrapes = cluster.isWorker ? null : listenForScrapes(serving, text, (message) => app.log.info(message));
  const address = await app.listen({ port: Number(env.PORT ?? TOPOLOGY.shell.port), host: env.HOST ?? '127.0.0.1' });
  app.log.info(`render server on ${address}`);
  const stop = () => {
    scrapes?.close();
    app.close().then(
      () => tracing?.shutdown().finally(() => process.exit(0)) ?? process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
