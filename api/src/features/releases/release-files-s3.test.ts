import type { LiveSet, Release } from '@usedcars/shared-contract';
import { DRIVERS, TestApi, createTestDatabase } from '../../../test/helpers';
import { SHELL_MANIFEST, hashed, remoteManifest, staticServer } from '../../../test/release-site';
import { TestObjectStore } from '../../../test/object-store';
import { IMMUTABLE_CACHE_CONTROL, S3Storage } from '../photos/storage';
import { StorageUnavailableError } from '../photos/storage-outage';
import { releaseStorage } from './files';

const UNAVAILABLE = 'The release file storage cannot be reached right now, so nothing was saved; try again in a minute';

/** A remote's build as a team publishes it: each file with the type a browser must get it with. */
const BUILD: [file: string, body: string, type: string][] = [
  ['mf-manifest.json', '{"id":"catalog"}', 'application/json; charset=utf-8'],
  ['remoteEntry.js', 'var catalog = {};', 'text/javascript; charset=utf-8'],
  ['static/css/main.css', 'body { margin: 0 }', 'text/css; charset=utf-8'],
  ['static/media/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
];

async function load(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    body: await response.text(),
  };
}

describe('release files in S3-compatible object storage (s3rver)', () => {
  const store = new TestObjectStore();
  let releases: S3Storage;
  let photos: S3Storage;

  beforeAll(async () => {
    await store.start();
    const config = store.appConfig();
    releases = releaseStorage(config.releases) as S3Storage;
    photos = new S3Storage(store.settings());
  });
  afterAll(async () => {
    releases?.destroy();
    photos?.destroy();
    await store.remove();
  });

  it('puts each file under releases/ in the photos’ bucket, with its type and a year of immutable caching, at the public address', async () => {
    for (const [file, body, type] of BUILD) {
      const key = `catalog/1.0.0/${file}`;
      await releases.put(key, Buffer.from(body));
      expect(releases.urlOf(key)).toBe(`${store.publicBaseUrl}/releases/${key}`);
      expect(await load(releases.urlOf(key))).toEqual({ status: 200, type, cacheControl: IMMUTABLE_CACHE_CONTROL, body });
      expect((await releases.get(key))?.toString()).toBe(body);
    }
    expect(await store.keys('releases/')).toEqual(BUILD.map(([file]) => `releases/catalog/1.0.0/${file}`).sort());
  });

  it('returns null and false for a file it does not hold, deletes one, and keeps photos and releases apart', async () => {
    expect(await releases.get('catalog/9.9.9/remoteEntry.js')).toBeNull();
    expect(await releases.exists('catalog/9.9.9/remoteEntry.js')).toBe(false);
    await releases.put('catalog/1.0.1/remoteEntry.js', Buffer.from('soon gone'));
    await releases.delete('catalog/1.0.1/remoteEntry.js');
    expect(await releases.exists('catalog/1.0.1/remoteEntry.js')).toBe(false);
    expect((await load(releases.urlOf('catalog/1.0.1/remoteEntry.js'))).status).toBe(404);

    const photoKey = `${'ab'.repeat(32)}.jpg`;
    await photos.put(photoKey, Buffer.from('a photo'));
    expect(await store.keys()).toContain(photoKey);
    expect((await store.keys('releases/')).some((key) => key.endsWith('.jpg'))).toBe(false);
    // Each storage takes only its own kind of name, so neither can write over the other's files.
    await expect(releases.put(photoKey, Buffer.from('x'))).rejects.toThrow('not a key of this storage');
    await expect(photos.put('catalog/1.0.0/remoteEntry.js', Buffer.from('x'))).rejects.toThrow('not a key of this storage');
    // Nor a source map: those are kept in the database, never under the public prefix (docs/releases.md, "Errors").
    for (const key of ['catalog/1.0.0/../../x.js', 'catalog/1.0.0/.env', 'catalog//remoteEntry.js', 'catalog/1.0.0/static/js/main.js.map']) {
      await expect(releases.put(key, Buffer.from('x'))).rejects.toThrow('not a key of this storage');
    }
  });

  it('follows the photos’ prefix, or RELEASE_S3_PREFIX', async () => {
    const prefixed = releaseStorage(store.appConfig({ PHOTO_S3_PREFIX: 'photos/' }).releases) as S3Storage;
    const own = releaseStorage(store.appConfig({ RELEASE_S3_PREFIX: 'builds/' }).releases) as S3Storage;
    try {
      await prefixed.put('checkout/2.0.0/remoteEntry.js', Buffer.from('a'));
      await own.put('checkout/2.0.0/remoteEntry.js', Buffer.from('b'));
      expect(await store.keys('photos/releases/')).toEqual(['photos/releases/checkout/2.0.0/remoteEntry.js']);
      expect(await store.keys('builds/')).toEqual(['builds/checkout/2.0.0/remoteEntry.js']);
      expect((await load(own.urlOf('checkout/2.0.0/remoteEntry.js'))).body).toBe('b');
    } finally {
      prefixed.destroy();
      own.destroy();
    }
  });

  it('is served from RELEASE_PUBLIC_BASE_URL when the photos are served from another host', async () => {
    const config = store.appConfig({ PHOTO_PUBLIC_BASE_URL: 'https://www.example.com/media', RELEASE_PUBLIC_BASE_URL: 'https://files.example.com/media/' });
    const split = releaseStorage(config.releases) as S3Storage;
    try {
      expect(config.photos.storage).toMatchObject({ kind: 's3', publicBaseUrl: 'https://www.example.com/media' });
      expect(split.urlOf('catalog/1.0.0/remoteEntry.js')).toBe('https://files.example.com/media/releases/catalog/1.0.0/remoteEntry.js');
      expect(config.releases.filesBaseUrl).toBe('https://files.example.com/media/releases/');
    } finally {
      split.destroy();
    }
    expect(() => store.appConfig({ RELEASE_PUBLIC_BASE_URL: 'files.example.com' })).toThrow('RELEASE_PUBLIC_BASE_URL must be an http(s) address');
  });

  it('returns a 503 error for the release file storage when the store is down', async () => {
    await store.stop();
    try {
      await expect(releases.put('catalog/3.0.0/remoteEntry.js', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(releases.put('catalog/3.0.0/remoteEntry.js', Buffer.from('x'))).rejects.toMatchObject({ statusCode: 503, message: UNAVAILABLE });
      await expect(releases.get('catalog/1.0.0/remoteEntry.js')).rejects.toMatchObject({
        statusCode: 503,
        message: 'The release file storage cannot be reached right now; try again in a minute',
      });
    } finally {
      await store.start();
    }
  });
});

describe.each(DRIVERS)('uploading a release’s files with PHOTO_STORAGE=s3 (%s)', (driver) => {
  const store = new TestObjectStore();
  let api: TestApi;
  let token: string;
  let site: Awaited<ReturnType<typeof staticServer>>;

  beforeAll(async () => {
    await store.start();
    // The live site the API's preflight judges a build against.
    site = await staticServer({ '/mf-manifest.json': { json: SHELL_MANIFEST } });
    const config = store.appConfig();
    api = await new TestApi(await createTestDatabase(driver), { config: { ...config, releases: { ...config.releases, siteUrl: site.origin } } }).start();
    const admin = await api.account('admin');
    const made = await api.inject({ method: 'POST', url: '/deploy-tokens', headers: admin.auth, payload: { name: 'catalog team', remote: 'catalog' } });
    token = made.json<{ token: string }>().token;
  });
  afterAll(async () => {
    await api?.stop();
    await site?.close();
    await store.remove();
  });

  const upload = (version: string, file: string, body: string) =>
    api.inject({
      method: 'PUT',
      url: `/release-files/catalog/${version}/${file}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(body),
    });
  const registered = async () =>
    (await api.inject({ method: 'GET', url: '/releases?remote=catalog', headers: { authorization: `Bearer ${token}` } })).json<Release[]>();

  it('keeps the files in the bucket’s upload area until the version is registered, then publishes them at their public address', async () => {
    const version = hashed('4.0.0', 1);
    const response = await upload(version, 'remoteEntry.js', 'var catalog = 4;');
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toBe(`${store.publicBaseUrl}/releases/catalog/${version}/remoteEntry.js`);
    // Not there yet: the bucket holds it under releases/.uploads/, which the edge never serves (docs/releases.md).
    expect((await load(url)).status).toBe(404);
    expect(await store.keys('releases/')).toEqual([`releases/.uploads/catalog/${version}/remoteEntry.js`]);

    expect((await upload(version, 'server/remoteEntry.js', 'module.exports = 4;')).statusCode).toBe(201);
    const manifestUrl = (await upload(version, 'mf-manifest.json', JSON.stringify(remoteManifest('catalog')))).json<{ url: string }>().url;
    const registered = await api.inject({
      method: 'POST',
      url: '/releases',
      headers: { authorization: `Bearer ${token}` },
      payload: { remote: 'catalog', version, manifestUrl },
    });
    expect(registered.statusCode).toBe(201);
    expect(await load(url)).toEqual({ status: 200, type: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE_CACHE_CONTROL, body: 'var catalog = 4;' });
    expect(await store.keys('releases/')).toEqual(
      ['mf-manifest.json', 'remoteEntry.js', 'server/remoteEntry.js'].map((file) => `releases/catalog/${version}/${file}`),
    );
    // The API serves release files only from a folder.
    expect((await api.inject({ method: 'GET', url: `/release-files/catalog/${version}/remoteEntry.js` })).statusCode).toBe(404);
  });

  it('keeps source maps out of the bucket: a map is refused as a file, and taken privately at /release-maps/', async () => {
    const map = JSON.stringify({ version: 3, sources: ['webpack://mf-catalog/./src/app.tsx'], names: [], mappings: 'AAAA' });
    expect((await upload('4.0.0', 'static/js/main.js.map', map)).statusCode).toBe(400);
    const kept = await api.inject({
      method: 'PUT',
      url: '/release-maps/catalog/4.0.0/static/js/main.js.map',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(map),
    });
    expect(kept.statusCode).toBe(201);
    expect((await store.keys()).filter((key) => key.endsWith('.map'))).toEqual([]);
    expect((await load(`${store.publicBaseUrl}/releases/catalog/4.0.0/static/js/main.js.map`)).status).toBe(404);
  });

  it('responds to an upload with a 503 while the store is down, registers nothing, and takes the file once it is back', async () => {
    expect((await upload('5.0.0', 'mf-manifest.json', '{"id":"catalog"}')).statusCode).toBe(201);
    const liveBefore = (await api.inject({ method: 'GET', url: '/releases/live' })).json<LiveSet>();
    const registeredBefore = await registered();
    await store.stop();
    try {
      const refused = await upload('5.0.0', 'remoteEntry.js', 'var catalog = 5;');
      expect({ status: refused.statusCode, retryAfter: refused.headers['retry-after'], body: refused.json() }).toEqual({
        status: 503,
        retryAfter: '60',
        body: { message: UNAVAILABLE },
      });
      expect(await registered()).toEqual(registeredBefore);
      expect((await api.inject({ method: 'GET', url: '/releases/live' })).json<LiveSet>()).toEqual(liveBefore);
    } finally {
      await store.start();
    }
    expect(await store.keys('releases/.uploads/catalog/5.0.0/')).toEqual(['releases/.uploads/catalog/5.0.0/mf-manifest.json']);
    const retried = await upload('5.0.0', 'remoteEntry.js', 'var catalog = 5;');
    expect(retried.statusCode).toBe(201);
    expect(await store.keys('releases/.uploads/catalog/5.0.0/')).toEqual(
      ['mf-manifest.json', 'remoteEntry.js'].map((file) => `releases/.uploads/catalog/5.0.0/${file}`),
    );
  });
});
