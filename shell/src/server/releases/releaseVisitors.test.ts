/** @jest-environment node */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PinSigner } from '@usedcars/shared-contract/pins';
import { buildRenderServer } from '../app';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

const release = (version: string, host = '127.0.0.1') => `http://${host}:9/release-files/catalog/${version}/mf-manifest.json`;
/** An admin's pin the fake registry vouches for: a release on a host of its own, neither live nor the canary. */
const PINNED = { remote: 'catalog', version: '0.1.0-cccccccccc', manifestUrl: release('0.1.0-cccccccccc', '127.0.0.2') };
/** The secret the API shares with its render servers: pins are signed with a key derived from it. */
const SHARED_SECRET = 'render-servers-shared-secret-0123';
const GOOD_PIN = new PinSigner(SHARED_SECRET).sign({ remote: PINNED.remote, version: PINNED.version, exp: Date.now() / 1000 + 3_600 });

/** A render server whose registry runs a live catalog release and a canary for half the visitors; neither can be loaded. */
describe('a render server beside the release registry', () => {
  let dir: string;
  let api: Server;
  let app: FastifyInstance;
  let base: string;
  const metrics = new RenderMetrics({ defaults: false });
  beforeAll(async () => {
    dir = smallBuild();
    const live = {
      remotes: {
        catalog: {
          live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: release('0.1.0-aaaaaaaaaa') },
          canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: release('0.1.0-bbbbbbbbbb'), share: 50 },
        },
      },
    };
    api = createServer((request, response) => {
      const body = request.url === '/releases/live' ? live : request.url === `/releases/pins?pin=${GOOD_PIN}` ? PINNED : null;
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    app = await buildRenderServer({
      distDir: dir,
      budgetMs: 2_000,
      logLevel: false,
      metrics,
      releases: { apiUrl, origins: ['http://127.0.0.2:9'] },
      telemetryToken: SHARED_SECRET,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => api.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts a page under the registry's version of the release the visitor got: a canary's fallbacks are the canary's", async () => {
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=10' } });
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=10' } });
    await fetch(`${base}/`, { headers: { cookie: 'release_bucket=90' } });
    const text = await metrics.registry.metrics();
    expect(text).toContain('render_pages_total{remote="catalog",release="0.1.0-bbbbbbbbbb",outcome="browser",reason="remote_unavailable",cache="none"} 2');
    expect(text).toContain('render_pages_total{remote="catalog",release="0.1.0-aaaaaaaaaa",outcome="browser",reason="remote_unavailable",cache="none"} 1');
    expect(text).not.toMatch(/remote="catalog",release="(0\.1\.0|unknown)"/);
  });

  it("lets a pinned browser's page load the pinned release, and nobody else's", async () => {
    const scripts = async (cookie: string) =>
      /script-src ([^;]*)/.exec(
        (await fetch(`${base}/`, { headers: { cookie: `release_bucket=90; ${cookie}` } })).headers.get('content-security-policy') ?? '',
      )?.[1];
    expect(await scripts(`release_pin=${GOOD_PIN}`)).toContain('http://127.0.0.2:9');
    expect(await scripts('release_pin=forged')).not.toContain('http://127.0.0.2:9');
    expect(await scripts('')).not.toContain('http://127.0.0.2:9');
  });
});
