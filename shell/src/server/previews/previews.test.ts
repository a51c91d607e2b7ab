/** @jest-environment node */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PreviewCheck } from '@usedcars/shared-contract';
import { releasesNamedIn } from '@usedcars/shared-contract/page-token';
import { PreviewSigner } from '@usedcars/shared-contract/preview-links';
import { until } from '../../../../jest/until';
import { buildRenderServer } from '../app';
import { fakeApi } from '../fakeApi.fixture';
import { RenderMetrics } from '../observability/metrics';
import { smallBuild } from '../smallBuild.fixture';

const SHARED_SECRET = 'render-servers-shared-secret-0123';
const signer = new PreviewSigner(SHARED_SECRET);
/** A page the shell renders itself: the small build's catalog is down, and the page needs none of it. */
const PAGE = '/no/such/page';
const inADay = new Date(Date.now() + 86_400_000 + 60_000).toISOString();

const link = (id: string, kind: 'release' | 'local' = 'release', remote = 'catalog') => signer.sign({ id, remote, kind, exp: Date.now() / 1000 + 86_400 });
const RELEASE_LINK = link('00000000-0000-4000-8000-000000000001');
const WITHDRAWN_LINK = link('00000000-0000-4000-8000-000000000002');
const LOCAL_LINK = link('00000000-0000-4000-8000-000000000003', 'local');
/** A local link the API (a database someone edited) responds with a dev server on another host. */
const ELSEWHERE_LINK = link('00000000-0000-4000-8000-000000000004', 'local');
const BROWSER = 'b'.repeat(32);
/** Read by the page, which shows the notice once hydrated and clears it. */
const ENDED_COOKIE = expect.stringMatching(/^release_preview_ended=1; Max-Age=60; Path=\/; SameSite=Lax$/);

describe('a preview link\'s visitor on the render server (docs/releases.md, "Previews")', () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let app: FastifyInstance;
  let base: string;
  let previews: Record<string, PreviewCheck>;
  beforeAll(async () => {
    dir = smallBuild();
    previews = {};
    api = await fakeApi({
      previews,
      claims: {
        [LOCAL_LINK]: {
          id: 'l',
          kind: 'local',
          remote: 'catalog',
          version: null,
          manifestUrl: 'http://localhost:3001/mf-manifest.json',
          expiresAt: inADay,
          browser: BROWSER,
        },
        [ELSEWHERE_LINK]: {
          id: 'e',
          kind: 'local',
          remote: 'catalog',
          version: null,
          manifestUrl: 'http://dev.example.com:3001/mf-manifest.json',
          expiresAt: inADay,
          browser: BROWSER,
        },
      },
    });
    const release = { kind: 'release' as const, remote: 'catalog', version: '0.3.0-5be1c0a9f2', expiresAt: inADay };
    previews[RELEASE_LINK] = { ...release, id: 'r', manifestUrl: `${api.origin}/release-files/catalog/0.3.0-5be1c0a9f2/mf-manifest.json` };
    previews[WITHDRAWN_LINK] = { ...release, id: 'w', manifestUrl: previews[RELEASE_LINK].manifestUrl };
    previews[`${LOCAL_LINK}.${BROWSER}`] = {
      id: 'l',
      kind: 'local',
      remote: 'catalog',
      version: null,
      manifestUrl: 'http://localhost:3001/mf-manifest.json',
      expiresAt: inADay,
    };
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ apiUrl: api.origin }));
    app = await buildRenderServer({
      distDir: dir,
      budgetMs: 2_000,
      logLevel: false,
      metrics: new RenderMetrics({ defaults: false }),
      pageCache: { maxPages: 100, freshMs: 60_000, staleMs: 60_000 },
      telemetryToken: SHARED_SECRET,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Pages are cached once the change stream is heard.
    await until(
      async () => (await fetch(`${base}${PAGE}`, { headers: { cookie: 'release_bucket=7' } })).headers.get('x-render-cache'),
      (cache) => cache !== 'bypass',
      'the change stream to be heard',
    );
  });
  afterAll(async () => {
    await app.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (address: string, cookie = '') => {
    const response = await fetch(`${base}${address}`, { headers: { cookie: `release_bucket=7${cookie ? `; ${cookie}` : ''}` }, redirect: 'manual' });
    const body = await response.text();
    const block = /<script type="application\/json" id="usedcars-preview">([^<]*)<\/script>/.exec(body)?.[1];
    const timing = response.headers.get('server-timing') ?? '';
    return {
      status: response.status,
      cache: response.headers.get('x-render-cache'),
      cacheControl: response.headers.get('cache-control'),
      policy: response.headers.get('content-security-policy') ?? '',
      setCookie: response.headers.getSetCookie(),
      preview: block ? (JSON.parse(block) as Record<string, unknown>) : null,
      token: /telemetry;desc="([^"]+)"/.exec(timing)?.[1],
      serverRendered: response.headers.get('server-timing')?.includes('render;dur') ?? false,
      body,
    };
  };

  it('shows the preview to the browser that opened the link, keeps it in a cookie of its own, and in no cache', async () => {
    const opened = await get(`${PAGE}?preview=${RELEASE_LINK}`);
    expect(opened).toMatchObject({ cache: 'bypass', cacheControl: 'private, no-store' });
    expect(opened.preview).toEqual({ releases: [{ remote: 'catalog', version: '0.3.0-5be1c0a9f2', expiresIn: 'expires in 1 day' }], local: [], ended: false });
    // The bar is in the server's HTML, inside the layout.
    expect(opened.body).toMatch(/<section aria-label="Preview"[^>]*>.*<code>0\.3\.0-5be1c0a9f2<\/code>.*Leave preview/);
    expect(opened.setCookie).toEqual([expect.stringMatching(new RegExp(`^release_preview=${RELEASE_LINK}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`))]);
    expect(opened.policy).toContain(api.origin);
    // Its reports name the previewed release only: not the shell's, not any other remote's (docs/releases.md, "What is trusted").
    expect(releasesNamedIn(opened.token!)).toEqual({ catalog: '0.3.0-5be1c0a9f2' });

    const again = await get(PAGE, `release_preview=${RELEASE_LINK}`);
    expect(again).toMatchObject({ cache: 'bypass', cacheControl: 'private, no-store', setCookie: [] });
    expect(again.preview).toMatchObject({ releases: [{ version: '0.3.0-5be1c0a9f2' }] });
    // Anyone else gets the page everyone gets, from the cache, with no bar.
    const everyone = await get(PAGE);
    expect(everyone).toMatchObject({ cache: 'hit', preview: null });
    expect(Object.keys(releasesNamedIn(everyone.token!))).toContain('shell');
  });

  it('says a forged link has ended, asks the API nothing about it, and shows the site as everyone gets it, from the page cache', async () => {
    const asked = api.requests.length;
    const [body] = RELEASE_LINK.split('.');
    for (const forged of [`${body}.${'A'.repeat(43)}`, 'nonsense', `${RELEASE_LINK}x`]) {
      const page = await get(`${PAGE}?preview=${encodeURIComponent(forged)}`);
      // A forger's links cost no render: the page everyone gets, and the bar says the link ended once the page has hydrated.
      expect(page).toMatchObject({ preview: null, cache: 'hit', cacheControl: 'private, no-cache' });
      expect(page.setCookie).toEqual([ENDED_COOKIE]);
      expect(page.policy).not.toContain('/release-files/catalog/0.3.0');
    }
    expect(api.requests.slice(asked).filter((request) => request.url.startsWith('/previews'))).toEqual([]);
  });

  it('ends a withdrawn link on the next page after the change event, clearing it from the cookie', async () => {
    expect((await get(PAGE, `release_preview=${WITHDRAWN_LINK}`)).preview).toMatchObject({ ended: false });
    delete previews[WITHDRAWN_LINK];
    api.announceChange();
    // The change event reaches the render server in its own time: the first page without the bar is the one looked at.
    const page = await until(
      () => get(PAGE, `release_preview=${WITHDRAWN_LINK}`),
      (seen) => seen.preview === null,
      'a page without the withdrawn link',
    );
    expect(page.setCookie).toEqual([expect.stringMatching(/^release_preview=; Max-Age=0/), ENDED_COOKIE]);
  });

  it("renders a local link's pages in the browser only, with the dev server allowed for that browser alone", async () => {
    const opened = await get(`${PAGE}?preview=${LOCAL_LINK}`);
    expect(opened.setCookie).toEqual([expect.stringMatching(new RegExp(`^release_preview=${LOCAL_LINK}\\.${BROWSER};`))]);
    expect(opened.preview).toEqual({ releases: [], local: [{ remote: 'catalog', origin: 'http://localhost:3001' }], ended: false });
    expect(opened).toMatchObject({ cacheControl: 'private, no-store', serverRendered: false, token: undefined });
    expect(opened.policy).toMatch(/script-src [^;]*http:\/\/localhost:3001/);
    expect(opened.policy).toMatch(/connect-src [^;]*ws:\/\/localhost:3001/);
    // The link is this browser's: opened again elsewhere, it has ended.
    expect(await get(`${PAGE}?preview=${LOCAL_LINK}`)).toMatchObject({ preview: null, setCookie: [ENDED_COOKIE] });
    expect((await get(PAGE, `release_preview=${LOCAL_LINK}.${BROWSER}`)).preview).toMatchObject({ local: [{ remote: 'catalog' }] });
    expect((await get(PAGE)).policy).not.toContain('localhost:3001');
  });

  it("gives the dev server to the link's browser alone: its /remotes.json names it, nobody else's, and no cached page carries it", async () => {
    const set = async (cookie = '') =>
      (await (await fetch(`${base}/remotes.json`, { headers: { cookie: `release_bucket=7${cookie ? `; ${cookie}` : ''}` } })).json()) as Record<string, string>;
    expect((await set(`release_preview=${LOCAL_LINK}.${BROWSER}`)).catalog).toBe('http://localhost:3001/mf-manifest.json');
    expect((await set()).catalog).not.toContain('localhost:3001');
    // A wrong browser secret beside the link: the site as everyone gets it.
    expect((await set(`release_preview=${LOCAL_LINK}.${'c'.repeat(32)}`)).catalog).not.toContain('localhost:3001');
    const local = await get(PAGE, `release_preview=${LOCAL_LINK}.${BROWSER}`);
    expect(local).toMatchObject({ cache: 'bypass', cacheControl: 'private, no-store', serverRendered: false });
    const everyone = await get(PAGE);
    expect(everyone).toMatchObject({ cache: 'hit', preview: null });
    expect(everyone.body).not.toContain('localhost:3001');
  });

  it("never applies a local link whose dev server is not on the visitor's own machine, whatever the API responses", async () => {
    const page = await get(`${PAGE}?preview=${ELSEWHERE_LINK}`);
    expect(page).toMatchObject({ preview: null, cache: 'hit' });
    expect(page.policy).not.toContain('dev.example.com');
    expect(page.body).not.toContain('dev.example.com');
    expect(page.setCookie).toEqual([ENDED_COOKIE]);
  });

  it('leaves the preview: the cookie goes, and the visitor is back on the page without the link', async () => {
    const response = await fetch(`${base}/preview/leave`, {
      method: 'POST',
      headers: { cookie: `release_preview=${RELEASE_LINK}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return: `/audis?page=2&preview=${RELEASE_LINK}` }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/audis?page=2');
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^release_preview=; Max-Age=0/)]);
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const away = await fetch(`${base}/preview/leave`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ return: elsewhere }).toString(),
        redirect: 'manual',
      });
      expect(away.headers.get('location')).toBe('/');
    }
  });
});
