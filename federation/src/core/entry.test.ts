/** @jest-environment node */
import { entryOf, exposedScripts, sharedScripts } from './entry';
import { forThePage, type PublishedManifest } from './manifest';

const manifest: PublishedManifest = {
  metaData: {
    globalName: 'catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
  },
  shared: [
    { name: 'react', version: '19.2.0', assets: { js: { sync: ['696.js'], async: [] } } },
    { name: 'zustand', version: '5.0.8', assets: { js: { sync: ['880.js'], async: [] } } },
  ],
  exposes: [{ name: 'CarDetailPage', assets: { js: { sync: ['811.js', '__federation_expose_CarDetailPage.js'], async: ['9.js'] } } }],
};

test("a remote's files are found beside its manifest, wherever it is published", () => {
  const at = 'https://cdn.example.com/catalog/2026-11-23/mf-manifest.json';
  expect(entryOf(at, manifest, 'browser')).toEqual({
    entry: 'https://cdn.example.com/catalog/2026-11-23/remoteEntry.js',
    type: 'global',
    entryGlobalName: 'catalog',
  });
  expect(entryOf(at, manifest, 'server').entry).toBe('https://cdn.example.com/catalog/2026-11-23/server/remoteEntry.js');
  expect(exposedScripts(at, manifest, 'CarDetailPage')).toEqual([
    'https://cdn.example.com/catalog/2026-11-23/811.js',
    'https://cdn.example.com/catalog/2026-11-23/__federation_expose_CarDetailPage.js',
  ]);
});

test('an older remote published without a server build has none to offer', () => {
  const { ssrRemoteEntry: _none, ...metaData } = manifest.metaData;
  expect(() => entryOf('http://localhost:3001/mf-manifest.json', { ...manifest, metaData }, 'server')).toThrow(
    'http://localhost:3001/mf-manifest.json names no server entry',
  );
});

test("the shell's shared packages are named by package, on the shell's own origin", () => {
  expect(sharedScripts(manifest, ['zustand'])).toEqual(['/880.js']);
});

test('the page is handed only what registering the remote takes', () => {
  expect(forThePage(manifest)).toEqual({
    metaData: { globalName: 'catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  });
});

test("the manifest's own folder for the entry, and a fixed publicPath, are honoured", () => {
  const at = 'http://cdn.test/catalog/mf-manifest.json';
  const withEntry = (remoteEntry: object, publicPath = 'auto') => ({ metaData: { globalName: 'catalog', publicPath, remoteEntry } });
  expect(entryOf(at, withEntry({ name: 'remoteEntry.js', path: 'entry' }), 'browser').entry).toBe('http://cdn.test/catalog/entry/remoteEntry.js');
  expect(entryOf(at, withEntry({ name: 'remoteEntry.js', path: '' }, 'https://static.test/c/'), 'browser').entry).toBe('https://static.test/c/remoteEntry.js');
});

test('a manifest that names no entry script is refused with its address', () => {
  expect(() => entryOf('http://cdn.test/catalog/mf-manifest.json', { metaData: {} }, 'browser')).toThrow(
    'http://cdn.test/catalog/mf-manifest.json names no remoteEntry',
  );
  expect(() => entryOf('http://cdn.test/catalog/mf-manifest.json', {}, 'browser')).toThrow('names no remoteEntry');
});
