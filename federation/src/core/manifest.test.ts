import { parseManifest } from './manifest';

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
