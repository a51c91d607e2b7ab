import { remoteEntryOf } from './remotes';

const manifest = (remoteEntry: object, publicPath = 'auto') => ({ metaData: { globalName: 'catalog', publicPath, remoteEntry } });

test("publicPath 'auto': the entry script is beside the manifest, wherever the remote was published", () => {
  expect(remoteEntryOf('http://cdn.test/teams/catalog/v2/mf-manifest.json', manifest({ name: 'remoteEntry.js', path: '', type: 'global' }))).toEqual({
    entry: 'http://cdn.test/teams/catalog/v2/remoteEntry.js',
    type: 'global',
    entryGlobalName: 'catalog',
  });
});

test("the manifest's own folder for the entry, and a fixed publicPath, are honoured", () => {
  expect(remoteEntryOf('http://cdn.test/catalog/mf-manifest.json', manifest({ name: 'remoteEntry.js', path: 'entry' })).entry).toBe(
    'http://cdn.test/catalog/entry/remoteEntry.js',
  );
  expect(remoteEntryOf('http://cdn.test/catalog/mf-manifest.json', manifest({ name: 'remoteEntry.js', path: '' }, 'https://static.test/c/')).entry).toBe(
    'https://static.test/c/remoteEntry.js',
  );
});

test('a manifest that names no entry script is refused with its address', () => {
  expect(() => remoteEntryOf('http://cdn.test/catalog/mf-manifest.json', { metaData: {} })).toThrow('http://cdn.test/catalog/mf-manifest.json names no remoteEntry');
  expect(() => remoteEntryOf('http://cdn.test/catalog/mf-manifest.json', {})).toThrow('names no remoteEntry');
});
