/** @jest-environment node */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildRenderServer } from '../app';
import { fakeApi } from '../fakeApi.fixture';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

/** Values no browser of this site ever sends: broken percent-encoding, quotes, a control character encoded, kilobytes. */
const BROKEN = ['%', '%%', '%E0%A4%A', '%ZZ', '"%"', 'a%0Ab', '=%', 'x'.repeat(6_000)];
const ADDRESSES = ['/', '/about', '/blogs', '/dashboard', '/no/such/page', '/remotes.json'];

describe('hostile cookies at the render server', () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    dir = smallBuild();
    api = await fakeApi();
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: api.origin }));
    app = await buildRenderServer({
      distDir: dir,
      budgetMs: 2_000,
      logLevel: false,
      metrics: new RenderMetrics({ defaults: false }),
      telemetryToken: 'render-servers-shared-secret-0123',
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (address: string, cookie: string) => {
    const response = await fetch(`${base}${address}`, { headers: { cookie } });
    await response.arrayBuffer();
    return { status: response.status, setCookie: response.headers.getSetCookie() };
  };

  it.each(['release_bucket', 'release_pin', '__session'])(
    'a broken %s never makes a 5xx, on any page or /remotes.json, and is replaced or cleared',
    async (name) => {
      for (const address of ADDRESSES) {
        for (const value of BROKEN) {
          const { status, setCookie } = await get(address, `theme=dark; ${name}=${value}`);
          expect({ address, value, status: status < 500 }).toEqual({ address, value, status: true });
          const cleared = name === 'release_bucket' ? new RegExp(`^${name}=\\d{1,2};`) : new RegExp(`^${name}=; .*Max-Age=0`);
          if (name !== '__session' || address !== '/remotes.json') expect(setCookie.some((line) => cleared.test(line))).toBe(true);
        }
      }
      // A broken session cookie is nobody's: the API is never asked who it belongs to.
      expect(api.requests.filter((request) => request.url === '/auth/session')).toEqual([]);
    },
  );

  it('a cookie header of broken pairs, repeated names and stray separators is read as far as it makes sense', async () => {
    for (const header of [';;;', '=', '==%', 'release_bucket', 'release_bucket=7; release_bucket=%', '%=1; release_pin; __session=']) {
      const { status } = await get('/', header);
      expect({ header, status: status < 500 }).toEqual({ header, status: true });
    }
    const kept = await get('/', 'release_bucket=7; release_bucket=%');
    expect(kept.setCookie.filter((line) => line.startsWith('release_bucket='))).toEqual([]);
  });
});
