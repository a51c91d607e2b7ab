import { describeReleaseSite, hashed } from '../../../test/release-site';

/** The render servers' token: they alone check and claim preview links (docs/releases.md, "Previews"). */
const RENDER_SERVERS = 'render-servers-token-0123456789';
const renderServers = { authorization: `Bearer ${RENDER_SERVERS}` };

let now = Date.parse('2026-12-01T09:00:00Z');

describeReleaseSite(
  'previews',
  (site) => {
    const live = hashed('0.3.0', 1);
    const preview = hashed('0.3.0', 2);
    const team = () => ({ authorization: `Bearer ${site().tokens.catalog}` });
    const otherTeam = () => ({ authorization: `Bearer ${site().tokens.checkout}` });
    const makeLink = (version: string, headers: Record<string, string> = team(), expiresInSeconds?: number) =>
      site().api.inject({
        method: 'POST',
        url: '/releases/catalog/previews',
        headers,
        payload: { version, ...(expiresInSeconds ? { expiresInSeconds } : {}) },
      });
    const check = (link: string, headers: Record<string, string> = renderServers, browser?: string) =>
      site().api.inject({ method: 'GET', url: '/previews/check', headers, query: { link, ...(browser ? { browser } : {}) } });

    beforeAll(async () => {
      const { api, publish } = site();
      for (const [version, preview] of [
        [live, false],
        [hashed('0.3.0', 2), true],
      ] as const) {
        const manifestUrl = await publish(site().tokens.catalog, 'catalog', version);
        const registered = await api.inject({
          method: 'POST',
          url: '/releases',
          headers: team(),
          payload: { remote: 'catalog', version, manifestUrl, preview },
        });
        expect(registered.statusCode).toBe(201);
      }
    });

    it('registers a preview that serves nobody: the live set is as before, the history says preview', async () => {
      const { api } = site();
      const set = (await api.inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, unknown> }>();
      expect(set.remotes.catalog).toEqual({ live: { version: live, manifestUrl: expect.stringContaining(live) }, canary: null });
      const history = (await api.inject({ method: 'GET', url: '/releases?remote=catalog' })).json<Array<{ version: string; status: string }>>();
      expect(history.find((release) => release.version === preview)?.status).toBe('preview');
      const refused = await api.inject({
        method: 'POST',
        url: '/releases',
        headers: team(),
        payload: { remote: 'catalog', version: preview, manifestUrl: 'http://127.0.0.1:5000/x/mf-manifest.json', preview: true, canary: 10 },
      });
      expect(refused.statusCode).toBe(400);
    });

    it('makes a link for one registered release of the team’s own remote, which the render servers alone can check', async () => {
      const made = await makeLink(preview);
      expect(made.statusCode).toBe(201);
      const link = made.json<{ link: string; expiresAt: string; createdBy: string }>();
      // Seven days unless asked otherwise.
      expect(Date.parse(link.expiresAt) - now).toBe(7 * 86_400_000);
      expect(link.createdBy).toBe('catalog team (catalog token)');
      expect((await check(link.link)).json()).toMatchObject({
        kind: 'release',
        remote: 'catalog',
        version: preview,
        manifestUrl: expect.stringContaining(preview),
      });
      // Anyone else reads nothing, not even that the link exists.
      for (const headers of [{}, { authorization: 'Bearer not-the-render-servers' }, team()]) expect((await check(link.link, headers)).statusCode).toBe(404);

      expect((await makeLink(hashed('0.3.0', 99))).statusCode).toBe(404);
      expect((await makeLink(preview, otherTeam())).statusCode).toBe(403);
      expect((await makeLink(preview, {})).statusCode).toBe(401);
      expect((await makeLink(preview, team(), 5)).statusCode).toBe(400);
    });

    it('refuses a forged, altered, expired or withdrawn link', async () => {
      const { link, id } = (await makeLink(preview, team(), 60)).json<{ link: string; id: string }>();
      const [body, mac] = link.split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
      const otherRemote = Buffer.from(JSON.stringify({ ...claims, remote: 'checkout' })).toString('base64url');
      for (const forged of [`${otherRemote}.${mac}`, `${body}.${'A'.repeat(43)}`, 'nonsense', `${link}.extra`])
        expect((await check(forged)).statusCode).toBe(404);

      now += 61_000;
      expect((await check(link)).statusCode).toBe(404);
      now -= 61_000;
      expect((await check(link)).statusCode).toBe(200);

      const listed = await site().api.inject({ method: 'GET', url: '/previews', headers: site().admin.auth });
      expect(listed.json<Array<{ id: string }>>().map((row) => row.id)).toContain(id);
      // Another team can neither see nor withdraw the catalog's links.
      expect((await site().api.inject({ method: 'GET', url: '/previews', headers: otherTeam() })).json()).toEqual([]);
      expect((await site().api.inject({ method: 'GET', url: '/previews?remote=catalog', headers: otherTeam() })).statusCode).toBe(403);
      expect((await site().api.inject({ method: 'DELETE', url: `/previews/${id}`, headers: otherTeam() })).statusCode).toBe(403);
      expect((await check(link)).statusCode).toBe(200);
      const withdrawn = await site().api.inject({ method: 'DELETE', url: `/previews/${id}`, headers: site().admin.auth });
      expect(withdrawn.json()).toMatchObject({ id, withdrawnBy: site().admin.email });
      expect((await check(link)).statusCode).toBe(404);
      expect((await site().api.inject({ method: 'GET', url: '/previews', headers: team() })).json<Array<{ id: string }>>().map((row) => row.id)).not.toContain(
        id,
      );
    });

    it('withdraws every link of a release at once, and the preview’s history says so', async () => {
      const links = await Promise.all([makeLink(preview), makeLink(preview)]);
      const ended = await site().api.inject({ method: 'DELETE', url: `/releases/catalog/${preview}/previews`, headers: team() });
      expect(ended.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
      for (const made of links) expect((await check(made.json<{ link: string }>().link)).statusCode).toBe(404);
      const history = (await site().api.inject({ method: 'GET', url: '/releases?remote=catalog', headers: team() })).json<Array<Record<string, unknown>>>();
      expect(history.find((release) => release.version === preview)).toMatchObject({
        status: 'preview',
        reason: 'previews withdrawn by catalog team (catalog token)',
      });
      // A new link opens it again: withdrawing ends links, not the release.
      expect((await check((await makeLink(preview)).json<{ link: string }>().link)).statusCode).toBe(200);
    });

    it('gives a local link to the first browser that opens it, on this machine’s dev server only', async () => {
      const { api } = site();
      const local = (url: string, headers = team()) => api.inject({ method: 'POST', url: '/releases/catalog/local-links', headers, payload: { url } });
      for (const url of ['https://evil.example/mf-manifest.json', 'http://user:pw@localhost:3001/mf-manifest.json', 'http://localhost:3001/remoteEntry.js']) {
        expect((await local(url)).statusCode).toBe(400);
      }
      expect((await local('http://localhost:3001/mf-manifest.json', otherTeam())).statusCode).toBe(403);
      const made = await local('http://localhost:3001/mf-manifest.json');
      expect(made.json()).toMatchObject({ kind: 'local', url: 'http://localhost:3001/mf-manifest.json', claimedAt: null });
      const { link } = made.json<{ link: string }>();
      // Not usable until a browser claims it, and then by that browser only.
      expect((await check(link)).statusCode).toBe(404);
      const claim = () => api.inject({ method: 'POST', url: '/previews/claim', headers: renderServers, payload: { link } });
      expect((await api.inject({ method: 'POST', url: '/previews/claim', payload: { link } })).statusCode).toBe(404);
      const claimed = await claim();
      expect(claimed.json()).toMatchObject({ kind: 'local', remote: 'catalog', version: null, manifestUrl: 'http://localhost:3001/mf-manifest.json' });
      const { browser } = claimed.json<{ browser: string }>();
      expect((await claim()).statusCode).toBe(404);
      expect((await check(link, renderServers, browser)).statusCode).toBe(200);
      expect((await check(link, renderServers, `${browser.slice(0, -1)}${browser.endsWith('x') ? 'y' : 'x'}`)).statusCode).toBe(404);
      expect((await check(link)).statusCode).toBe(404);
    });

    it('promotes a preview to a canary, then live, without uploading it again', async () => {
      const { api } = site();
      const manifestUrl = (await api.inject({ method: 'GET', url: '/releases?remote=catalog' }))
        .json<Array<{ version: string; manifestUrl: string }>>()
        .find((release) => release.version === preview)!.manifestUrl;
      const asCanary = await api.inject({
        method: 'POST',
        url: '/releases',
        headers: team(),
        payload: { remote: 'catalog', version: preview, manifestUrl, canary: 10 },
      });
      expect(asCanary.statusCode).toBe(200);
      expect(asCanary.json()).toMatchObject({ status: 'canary', share: 10, reason: 'promoted from preview by catalog team (catalog token)' });
      const set = (await api.inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, { canary: { version: string } | null }> }>();
      expect(set.remotes.catalog?.canary?.version).toBe(preview);
      // Previewing it again changes nothing it is.
      const again = await api.inject({
        method: 'POST',
        url: '/releases',
        headers: team(),
        payload: { remote: 'catalog', version: preview, manifestUrl, preview: true },
      });
      expect(again.json()).toMatchObject({ status: 'canary', share: 10 });
    });
  },
  {
    clock: () => new Date(now),
    config: (config) => ({ ...config, telemetry: { ...config.telemetry, serverToken: RENDER_SERVERS } }),
  },
);
