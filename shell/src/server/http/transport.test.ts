/** @jest-environment node */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildRenderServer } from '../app';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

/** The render server behind a TLS-terminating proxy (docs/operations.md, "Security headers"). */
describe('Strict-Transport-Security', () => {
  const servers: Array<{ app: FastifyInstance; dir: string }> = [];
  const start = async (trustProxy: boolean | string[]) => {
    const dir = smallBuild();
    const app = await buildRenderServer({ distDir: dir, budgetMs: 2_000, logLevel: false, metrics: new RenderMetrics({ defaults: false }), trustProxy });
    servers.push({ app, dir });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });
  };
  afterAll(async () => {
    for (const { app, dir } of servers) {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is sent on pages and files when a trusted proxy says the visitor came over HTTPS', async () => {
    const get = await start(['loopback']);
    for (const url of ['/', '/about', '/healthz', '/mf-manifest.json']) {
      const response = await get(url, { 'X-Forwarded-Proto': 'https' });
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('is not sent when anyone may claim HTTPS: a proxy that is not trusted', async () => {
    const get = await start(false);
    expect((await get('/', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
  });
});
