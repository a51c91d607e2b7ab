import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type OpenMetricsContentType, type Registry } from 'prom-client';

/** METRICS_PORT (a listener of its own, for the scraper), METRICS_HOST (127.0.0.1), METRICS_TOKEN (/metrics on the public port). */
export interface MetricsServing {
  port?: number;
  host: string;
  token?: string;
}

export function metricsServingFromEnv(env: NodeJS.ProcessEnv = process.env): MetricsServing {
  const port = Number(env.METRICS_PORT ?? 0);
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
  return { port: Number.isInteger(port) && port > 0 ? port : undefined, host: env.METRICS_HOST?.trim() || '127.0.0.1', token };
}

export type MetricsText = () => Promise<{ contentType: string; body: string }>;

const REQUEST = 'usedcars:metrics-request';
const RESPONSE = 'usedcars:metrics-response';

/** A listener that serves /metrics and nothing else. */
export function listenForScrapes(serving: MetricsServing, text: MetricsText, log: (message: string) => void): Server | null {
  if (!serving.port) return null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    text().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error)),
    );
  });
  server.listen(serving.port, serving.host, () => log(`metrics on http://${serving.host}:${serving.port}/metrics`));
  return server;
}

/**
 * The primary of several render workers: adds up every worker's numbers (prom-client's
 * AggregatorRegistry asks each over IPC), for its own listener and for a worker asked on the public port.
 */
export function serveClusterMetrics(serving: MetricsServing, log: (message: string) => void): Server | null {
  const aggregator = new AggregatorRegistry();
  const text: MetricsText = async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    text().then(
      (result) => worker.send({ type: RESPONSE, id: message.id, ...result }),
      (error: unknown) => worker.send({ type: RESPONSE, id: message.id, error: String(error) }),
    );
  });
  return listenForScrapes(serving, text, log);
}

/** In a worker: its registry is the one the primary collects, and the page asks the primary for the sum. */
export function workerMetricsText(registry: Registry<OpenMetricsContentType>): MetricsText {
  // prom-client's worker side returns the primary only once an AggregatorRegistry has been made in it.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  return () =>
    new Promise((resolve, reject) => {
      const id = (next += 1);
      const onMessage = (message: { type?: string; id?: number; contentType?: string; body?: string; error?: string }) => {
        if (message?.type !== RESPONSE || message.id !== id) return;
        process.off('message', onMessage);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve({ contentType: message.contentType ?? 'text/plain', body: message.body ?? '' });
      };
      process.on('message', onMessage);
      process.send?.({ type: REQUEST, id });
    });
}

/** A single process: its own registry. */
export const ownMetricsText =
  (registry: Registry<OpenMetricsContentType>): MetricsText =>
  async () => ({ contentType: registry.contentType, body: await registry.metrics() });
