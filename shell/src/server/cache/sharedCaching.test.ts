/** @jest-environment node */
import { rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { until } from '../../../../jest/until';
import { buildRenderServer } from '../app';
import { fakeApi } from '../fakeApi.fixture';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

const SHARED_SECRET = 'render-servers-shared-secret-0123';
const release = (version: string) => `http://127.0.0.1:9/release-files/catalog/${version}/mf-manifest.json`;
const CANARY = {
  remotes: {
    catalog: {
      live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: release('0.1.0-aaaaaaaaaa') },
      canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: release('0.1.0-bbbbbbbbbb'), share: 10 },
    },
  },
};

/** A render server with its page cache, beside a registry with or without a canary, and a shared cache taking purges. */
async function renderServer(live = { remotes: {} }, edgeStatus = 200) {
  const dir = smallBuild();
  const api = await fakeApi({ live });
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: api.origin }));
  const purges: IncomingHttpHeaders[] = [];
  const edge: Server = createServer((request, response) => {
    if (request.method === 'PURGE') purges.push(request.headers);
    response.writeHead(edgeStatus).end();
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  const metrics = new RenderMetrics({ defaults: false });
  const app: FastifyInstance = await buildRenderServer({
    distDir: dir,
    budgetMs: 300,
    logLevel: false,
    metrics,
    pageCache: { maxPages: 100, freshMs: 60_000, staleMs: 60_000 },
    telemetryToken: SHARED_SECRET,
    cachePurgeUrl: `http://127.0.0.1:${(edge.address() as AddressInfo).port}/`,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (headers: Record<string, string>) => {
    const response = await fetch(`${base}/no/such/page`, { headers });
    await response.text();
    return {
      cacheControl: response.headers.get('cache-control'),
      vary: response.headers.get('vary'),
      setCookie: response.headers.getSetCookie(),
      keys: response.headers.get('surrogate-key'),
      token: /telemetry;desc="[^"]+"/.test(response.headers.get('server-timing') ?? ''),
    };
  };
  return {
    api,
    purges,
    get,
    metrics,
    close: async () => {
      await app.close();
      await api.close();
      await new Promise((resolve) => edge.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

describe('what a shared cache may keep of an anonymous page', () => {
  it('without a canary: one copy for every visitor, whatever their bucket, and never a cookie with it', async () => {
    const server = await renderServer();
    const visitors: Record<string, string>[] = [
      { 'x-release-bucket': '3' },
      { cookie: 'release_bucket=80' },
      { 'x-release-bucket': '99', cookie: 'release_bucket=1' },
    ];
    for (const headers of visitors) {
      expect(await server.get(headers)).toEqual({ cacheControl: PUBLIC, vary: 'Accept-Encoding', setCookie: [], keys: 'pages', token: true });
    }
    await server.close();
  });

  it('with a canary: a copy per bucket the edge names, and nothing shared when only a cookie names it', async () => {
    const server = await renderServer(CANARY);
    // Once the registry with its canary is read, the edge's bucket names the copy.
    const bucketed = await until(
      () => server.get({ 'x-release-bucket': '3', cookie: 'release_bucket=3' }),
      (page) => page.vary !== 'Accept-Encoding',
      'the canary read from the registry',
    );
    expect(bucketed).toMatchObject({
      cacheControl: PUBLIC,
      vary: 'Accept-Encoding, x-release-bucket',
      setCookie: [],
    });
    // A cache that keys on no bucket would hand this visitor's set to everyone.
    expect(await server.get({ cookie: 'release_bucket=3' })).toMatchObject({ cacheControl: 'private, no-cache', setCookie: [] });
    await server.close();
  });

  it('keeps a page that sets a cookie, or that a pin may change, to its visitor', async () => {
    const server = await renderServer();
    const fresh = await server.get({});
    expect(fresh.cacheControl).toBe('private, no-cache');
    expect(fresh.setCookie).toEqual([expect.stringMatching(/^release_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax$/)]);
    const forgedPin = await server.get({ 'x-release-bucket': '3', cookie: 'release_pin=forged' });
    expect(forgedPin).toMatchObject({ cacheControl: 'private, no-cache', setCookie: [expect.stringMatching(/^release_pin=;/)] });
    await server.close();
  });
});

describe('purges sent to the shared cache', () => {
  it('purges every page on each change the API announces, and once more after a render begun before it could have been cached', async () => {
    const server = await renderServer();
    const times: number[] = [];
    const count = () => server.purges.filter((headers) => headers['surrogate-key'] === 'pages').length;
    // The stream's first word (changes will be heard) drops whatever was cached before too: at once, then after the budget.
    // Polled every 10 ms: how soon a purge follows the announcement is what is measured.
    const purges = (atLeast: number, what: string) => until(count, (sent) => sent >= atLeast, what, { everyMs: 10 });
    await purges(2, 'the two purges of the first word');
    const before = count();
    const announced = Date.now();
    server.api.announceChange();
    await purges(before + 1, 'the purge at the announcement');
    times.push(Date.now() - announced);
    await purges(before + 2, 'the purge after the render budget');
    times.push(Date.now() - announced);
    expect(times[0]).toBeLessThan(200);
    expect(times[1]).toBeGreaterThanOrEqual(500);
    await server.close();
  });

  it('counts each purge by how it went (shared_cache_purges_total), which the alert on failing purges reads', async () => {
    const purgeCount = async (server: Awaited<ReturnType<typeof renderServer>>, outcome: string) => {
      const text = await server.metrics.registry.metrics();
      return Number(new RegExp(`^shared_cache_purges_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    };
    const taking = await renderServer();
    const refusing = await renderServer({ remotes: {} }, 503);
    try {
      // Counted once the cache's response is in: the first word of the change stream sends two purges.
      await until(
        async () => [await purgeCount(taking, 'sent'), await purgeCount(refusing, 'refused')],
        (counts) => counts.every((purges) => purges >= 2),
        'two purges counted on each render server',
      );
      expect(await purgeCount(taking, 'refused')).toBe(0);
      expect(await purgeCount(refusing, 'sent')).toBe(0);
    } finally {
      await Promise.all([taking.close(), refusing.close()]);
    }
  });
});
