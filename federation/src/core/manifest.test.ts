import { parseManifest, registryVersionOf, releaseOf } from './manifest';

const at = 'http://cdn.test/catalog/mf-manifest.json';

test('a published manifest is read with its metaData', () => {
  const manifest = parseManifest(at, JSON.stringify({ metaData: { globalName: 'catalog', remoteEntry: { name: 'remoteEntry.js' } }, shared: [] }));
  expect(manifest.metaData.globalName).toBe('catalog');
});

test('a response that is not JSON, or JSON without metaData, is refused naming the address', () => {
  expect(() => parseManifest(at, '<!doctype html><title>Not found</title>')).toThrow(`${at} is not JSON`);
  expect(() => parseManifest(at, '{"name":"catalog"}')).toThrow(`${at} is not a federation manifest (no metaData)`);
  expect(() => parseManifest(at, 'null')).toThrow('no metaData');
});

describe('releaseOf: the release the health numbers name', () => {
  const manifest = { metaData: { buildInfo: { buildVersion: '0.1.0' } } };

  test("a build loaded from a registry release's address is that release's version, not the package version", () => {
    const registered = 'http://api.test/release-files/catalog/0.1.0-3f2a9c81d0/mf-manifest.json';
    expect(releaseOf(manifest, registered, 'catalog')).toBe('0.1.0-3f2a9c81d0');
    expect(releaseOf(manifest, 'https://cdn.test/releases/catalog/0.2.0-rc.1-a81be07c44/mf-manifest.json?x=1', 'catalog')).toBe('0.2.0-rc.1-a81be07c44');
  });

  test('a build of the baseline set (remotes.json) is the version its manifest declares', () => {
    expect(releaseOf(manifest, 'http://localhost:3001/mf-manifest.json', 'catalog')).toBe('0.1.0');
    expect(releaseOf(manifest, 'http://cdn.test/catalog/mf-manifest.json', 'catalog')).toBe('0.1.0');
    expect(releaseOf(manifest)).toBe('0.1.0');
    expect(releaseOf({ metaData: {} }, 'http://localhost:3001/mf-manifest.json')).toBe('unknown');
  });

  test("another remote's release address is not this remote's release", () => {
    expect(registryVersionOf('http://api.test/release-files/dashboard/0.1.0-3f2a9c81d0/mf-manifest.json', 'catalog')).toBeUndefined();
    expect(registryVersionOf('http://api.test/release-files/dashboard/0.1.0-3f2a9c81d0/mf-manifest.json')).toBe('0.1.0-3f2a9c81d0');
  });
});
