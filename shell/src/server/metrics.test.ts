/** @jest-environment node */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildRenderServer } from './app';
import { RenderMetrics } from './metrics';
import { ownMetricsText } from './metricsServing';
import { smallBuild } from './smallBuild.fixture';

const TOKEN = 'render-scrape-token-0123';

describe('the render server /metrics', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;
  /** Over a real socket: light-my-request's cookie module is ESM, which this test runner cannot load. */
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, { headers });
    return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  };
  beforeAll(async () => {
    dir = smallBuild();
    const metrics = new RenderMetrics({ defaults: false });
    app = await buildRenderServer({
      distDir: dir,
      budgetMs: 2_000,
      logLevel: false,
      metrics,
      metricsToken: { token: TOKEN, text: ownMetricsText(metrics.registry) },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = (authorization?: string) => get('/metrics', authorization ? { authorization } : {});

  it('is a plain 404 for the public: no token, or a wrong one', async () => {
    for (const response of [await scrape(), await scrape('Bearer render-scrape-token-0124'), await scrape(TOKEN)]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('Not found');
    }
  });

  it('counts pages by remote, release and outcome, and a remote that could not be loaded, after traffic', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('data-server-rendered');
    const about = await get('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).not.toContain('data-server-rendered');
    await get('/main.js');

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toContain('render_pages_total{remote="shell",release="7.7.7",outcome="rendered",reason="",cache="none"} 1');
    expect(text).toContain('render_pages_total{remote="catalog",release="unknown",outcome="browser",reason="remote_unavailable",cache="none"} 1');
    expect(text).toContain('remote_load_failures_total{remote="catalog"} 1');
    expect(text).toMatch(/render_duration_seconds_count\{remote="shell",release="7.7.7",outcome="rendered"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{kind="page",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{kind="page",status="200"\} 1/);
    // The missing file, and the three refused scrapes above.
    expect(text).toMatch(/http_request_duration_seconds_count\{kind="other",status="404"\} 4/);
  });
});

describe('the release a render server counts a page under', () => {
  const release = (version: string) => `http://127.0.0.1:9/release-files/catalog/${version}/mf-manifest.json`;
  let dir: string;
  let api: Server;
  let app: FastifyInstance;
  let base: string;
  const metrics = new RenderMetrics({ defaults: false });
  beforeAll(async () => {
    dir = smallBuild();
    // The registry runs a live catalog release and a canary for half the visitors; neither can be loaded.
    const live = {
      remotes: {
        catalog: {
          live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: release('0.1.0-aaaaaaaaaa') },
          canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: release('0.1.0-bbbbbbbbbb'), share: 50 },
        },
      },
    };
    api = createServer((request, response) => {
      response.writeHead(request.url === '/releases/live' ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(request.url === '/releases/live' ? JSON.stringify(live) : '{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    app = await buildRenderServer({ distDir: dir, budgetMs: 2_000, logLevel: false, metrics, releases: { apiUrl } });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => api.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("is the registry's version of the release the visitor got: a canary's fallbacks are the canary's, not the live release's", async () => {
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=10' } });
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=10' } });
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=90' } });
    const text = await metrics.registry.metrics();
    expect(text).toContain('render_pages_total{remote="catalog",release="0.1.0-bbbbbbbbbb",outcome="browser",reason="remote_unavailable",cache="none"} 2');
    expect(text).toContain('render_pages_total{remote="catalog",release="0.1.0-aaaaaaaaaa",outcome="browser",reason="remote_unavailable",cache="none"} 1');
    expect(text).not.toMatch(/remote="catalog",release="(0\.1\.0|unknown)"/);
  });
});
