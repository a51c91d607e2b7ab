import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeReleaseSite, hashed } from '../../../test/release-site';

/** A source map as webpack writes one (docs/releases.md, "Errors"). */
const SOURCE_MAP = JSON.stringify({ version: 3, file: 'main.4f3a2b1c.js', sources: ['webpack://mf-catalog/./src/app.tsx'], names: [], mappings: 'AAAA' });

describeReleaseSite("a release's source maps", (site) => {
  const version = hashed('3.0.0', 1);
  const putMap = (file: string, body: string, token = site().tokens.catalog, remote = 'catalog', at = version) =>
    site().api.inject({
      method: 'PUT',
      url: `/release-maps/${remote}/${at}/${file}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const get = (url: string) => site().api.inject({ method: 'GET', url });

  it('are uploaded to /release-maps/ and never served, not even one put in the release folder by hand', async () => {
    const asFile = await site().put(site().tokens.catalog, 'catalog', version, 'static/js/main.4f3a2b1c.js.map', SOURCE_MAP);
    expect(asFile.statusCode).toBe(400);
    expect(asFile.json()).toEqual({
      message: `Source maps are kept private: upload them with PUT /release-maps/catalog/${version}/static/js/main.4f3a2b1c.js.map`,
    });

    const uploaded = await putMap('static/js/main.4f3a2b1c.js.map', SOURCE_MAP);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toEqual({ path: 'static/js/main.4f3a2b1c.js.map' });
    for (const url of [
      `/release-files/catalog/${version}/static/js/main.4f3a2b1c.js.map`,
      `/release-maps/catalog/${version}/static/js/main.4f3a2b1c.js.map`,
      `/release-files/catalog/${version}/static/js/main.4f3a2b1c.js.map?download=1`,
    ])
      expect((await get(url)).statusCode).toBe(404);

    const folder = path.join(site().releaseDir, 'catalog', version, 'static', 'js');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'by-hand.js.map'), SOURCE_MAP);
    writeFileSync(path.join(folder, 'by-hand.js'), 'var x;');
    expect((await get(`/release-files/catalog/${version}/static/js/by-hand.js.map`)).statusCode).toBe(404);
    expect((await get(`/release-files/catalog/${version}/static/js/by-hand.js`)).statusCode).toBe(200);
  });

  it('take the same map again, and refuse other bytes, anything but a source map, and other paths', async () => {
    expect((await putMap('static/js/main.4f3a2b1c.js.map', SOURCE_MAP)).statusCode).toBe(200);
    const other = await putMap('static/js/main.4f3a2b1c.js.map', SOURCE_MAP.replace('app.tsx', 'other.tsx'));
    expect(other.statusCode).toBe(409);
    for (const body of ['not json', '{"version":2,"sources":[],"mappings":""}', '{"version":3}', '[]'])
      expect((await putMap('static/js/x.js.map', body)).json()).toEqual({
        message: 'static/js/x.js.map is not a source map (JSON of version 3 with sources and mappings)',
      });
    for (const file of ['static/js/x.js', '..%2F..%2Fcheckout%2F1.0.0%2Fx.js.map', '.hidden.map'])
      expect((await putMap(file, SOURCE_MAP)).statusCode).toBe(400);
  });

  it("take a remote's maps only from its team or an admin, and only before the version is registered", async () => {
    expect((await putMap('static/js/y.js.map', SOURCE_MAP, 'ucd_not-a-token')).statusCode).toBe(401);
    const otherTeam = await putMap('static/js/y.js.map', SOURCE_MAP, site().tokens.checkout);
    expect(otherTeam.statusCode).toBe(403);
    const unsigned = await site().api.inject({ method: 'PUT', url: `/release-maps/catalog/${version}/static/js/y.js.map`, payload: SOURCE_MAP });
    expect(unsigned.statusCode).toBe(401);

    const registered = hashed('3.0.0', 2);
    await site().register(site().tokens.catalog, 'catalog', registered);
    const late = await putMap('static/js/main.js.map', SOURCE_MAP, site().tokens.catalog, 'catalog', registered);
    expect(late.statusCode).toBe(409);
  });
});
