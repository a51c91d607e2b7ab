/** @jest-environment node */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildRenderServer } from '../app';
import { RenderMetrics } from './metrics';
import { ownMetricsText } from './metricsServing';
import { smallBuild } from '../smallBuild.fixture';

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
