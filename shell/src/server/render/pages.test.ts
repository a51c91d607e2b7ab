/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PinSigner } from '@usedcars/shared-contract/pins';
import { until } from '../../../../jest/until';
import { buildRenderServer } from '../app';
import { type SessionReply, fakeApi } from '../fakeApi.fixture';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

const SHARED_SECRET = 'render-servers-shared-secret-0123';
/** A page the shell renders itself (the catalog of the small build is down). */
const PAGE = '/no/such/page';

describe('the page cache under hostile query strings and pins', () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let app: FastifyInstance;
  let base: string;
  const pinned = { remote: 'catalog', version: '0.1.0-cccccccccc', manifestUrl: 'http://127.0.0.2:9/mf-manifest.json' };
  const goodPin = new PinSigner(SHARED_SECRET).sign({ remote: pinned.remote, version: pinned.version, exp: Date.now() / 1000 + 3_600 });
  beforeAll(async () => {
    dir = smallBuild();
    api = await fakeApi({ pins: { [goodPin]: pinned } });
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: api.origin }));
    app = await buildRenderServer({
      distDir: dir,
      budgetMs: 2_000,
      logLevel: false,
      metrics: new RenderMetrics({ defaults: false }),
      pageCache: { maxPages: 100, freshMs: 60_000, staleMs: 60_000 },
      // The pinned release's host is one the operator lists (docs/releases.md, "What is trusted").
      releases: { origins: ['http://127.0.0.2:9'] },
      telemetryToken: SHARED_SECRET,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (address: string, cookie = 'release_bucket=7') => {
    const response = await fetch(`${base}${address}`, { headers: { cookie } });
    return { status: response.status, cache: response.headers.get('x-render-cache'), setCookie: response.headers.getSetCookie(), body: await response.text() };
  };
  /** Pages are cached once the API's change stream says changes will be heard. */
  const cachedPage = async (address: string) => {
    await until(
      () => get(address),
      (page) => page.cache !== 'bypass',
      `${address} to be cached`,
    );
    return get(address);
  };

  it("follows the change stream in the render servers' own places: with their token, which anonymous listeners do not have", async () => {
    await cachedPage(PAGE);
    expect(api.requests.filter((request) => request.url === '/changes').map((request) => request.authorization)).toEqual([`Bearer ${SHARED_SECRET}`]);
  });

  it('gives every unknown query string the one page cached for the address: no new entry, no render', async () => {
    const page = await cachedPage(PAGE);
    expect(page).toMatchObject({ status: 404, cache: 'hit' });
    for (const query of ['utm_source', 'utm_campaign', 'fbclid', 'gclid', 'x', randomUUID()]) {
      for (let i = 0; i < 3; i += 1) {
        const response = await get(`${PAGE}?${query}=${randomUUID()}&utm_medium=${i}`);
        expect({ query, cache: response.cache, same: response.body === page.body }).toEqual({ query, cache: 'hit', same: true });
      }
    }
  });

  it('serves a random pin from the page cached for everyone, asks the API nothing and clears the cookie', async () => {
    const page = await cachedPage(PAGE);
    const asked = api.requests.length;
    for (let i = 0; i < 20; i += 1) {
      const forged = `${Buffer.from(JSON.stringify({ remote: 'catalog', version: `0.1.0-${i}`, exp: 2e9 })).toString('base64url')}.${randomUUID()}`;
      for (const pin of [forged, randomUUID(), `${goodPin}x`]) {
        const response = await get(PAGE, `release_bucket=7; release_pin=${pin}`);
        expect(response).toMatchObject({ cache: 'hit', body: page.body });
        expect(response.setCookie).toContainEqual(expect.stringMatching(/^release_pin=; .*Max-Age=0/));
      }
    }
    expect(api.requests.slice(asked).filter((request) => !request.url.startsWith('/telemetry'))).toEqual([]);
  });

  it("asks about a well-signed pin once, then serves its visitor the pinned set's page from the cache", async () => {
    const asked = () => api.requests.filter((request) => request.url.startsWith('/releases/pins')).length;
    const before = asked();
    const responses = [];
    for (let i = 0; i < 5; i += 1) responses.push(await get(PAGE, `release_bucket=7; release_pin=${goodPin}`));
    expect(asked() - before).toBe(1);
    expect(responses.map((response) => response.cache)).toEqual(['miss', 'hit', 'hit', 'hit', 'hit']);
    expect(responses.every((response) => response.setCookie.length === 0)).toBe(true);
  });
});

describe("a signed-in visitor's page when the API is asked whose session it is", () => {
  /** `asks` requests with a session cookie, one after another, once the page cache keeps pages. */
  const serve = async (sessionReply: SessionReply, asks = 1) => {
    const dir = smallBuild();
    const api = await fakeApi({ sessionReply });
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: api.origin }));
    const app = await buildRenderServer({
      distDir: dir,
      budgetMs: 300,
      logLevel: false,
      metrics: new RenderMetrics({ defaults: false }),
      pageCache: { maxPages: 100, freshMs: 60_000, staleMs: 60_000 },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // The cache keeps pages once the API's change stream is heard: an anonymous request says when.
    await until(
      async () => (await fetch(`${base}${PAGE}`)).headers.get('x-render-cache'),
      (cache) => cache !== 'bypass',
      'the change stream to be heard',
    );
    const pages = [];
    for (let i = 0; i < asks; i += 1) {
      const response = await fetch(`${base}${PAGE}`, { headers: { cookie: 'release_bucket=7; __session=a.b.c' } });
      pages.push({
        timing: response.headers.get('server-timing'),
        cache: response.headers.get('x-render-cache'),
        cacheControl: response.headers.get('cache-control'),
        setCookie: response.headers.getSetCookie(),
        body: await response.text(),
      });
    }
    const asked = api.requests.filter((request) => request.url === '/auth/session').length;
    await app.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
    return { pages, asked };
  };

  it('serves a cookie the API refuses the page kept for anyone, privately, and clears the cookie: no render of its own', async () => {
    const { pages, asked } = await serve({ status: 401, body: { message: 'This session has ended' } }, 20);
    expect(asked).toBe(20);
    for (const page of pages) {
      expect(page).toMatchObject({ cache: 'hit', cacheControl: 'private, no-store' });
      expect(page.setCookie).toContainEqual(expect.stringMatching(/^__session=; Max-Age=0/));
    }
  });

  it('keeps the cookie when the API fails or does not respond within the budget, and leaves the page to the browser', async () => {
    for (const apiSession of ['never', { status: 503, body: { message: 'Busy' } }] as const) {
      const [page] = (await serve(apiSession)).pages;
      expect({ apiSession, timing: page!.timing, cleared: page!.setCookie.some((cookie) => cookie.startsWith('__session=')) }).toEqual({
        apiSession,
        timing: expect.stringContaining('render;desc="browser"'),
        cleared: false,
      });
    }
  });
});
