/** @jest-environment node */
import { browserEntryOf, exposedScripts, forThePage, serverEntryOf, sharedScripts, type PublishedManifest } from './manifest';

const manifest: PublishedManifest = {
  metaData: {
    globalName: 'catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
  },
  shared: [
    { name: 'react', assets: { js: { sync: ['696.js'], async: [] } } },
    { name: 'zustand', assets: { js: { sync: ['880.js'], async: [] } } },
  ],
  exposes: [{ name: 'CarDetailPage', assets: { js: { sync: ['811.js', '__federation_expose_CarDetailPage.js'], async: ['9.js'] } } }],
};

test("a remote's files are found beside its manifest, wherever it is published", () => {
  const at = 'https://cdn.example.com/catalog/2026-11-23/mf-manifest.json';
  expect(browserEntryOf(at, manifest)).toBe('https://cdn.example.com/catalog/2026-11-23/remoteEntry.js');
  expect(serverEntryOf(at, manifest)).toBe('https://cdn.example.com/catalog/2026-11-23/server/remoteEntry.js');
  expect(exposedScripts(at, manifest, 'CarDetailPage')).toEqual([
    'https://cdn.example.com/catalog/2026-11-23/811.js',
    'https://cdn.example.com/catalog/2026-11-23/__federation_expose_CarDetailPage.js',
  ]);
});

test('an older remote published without a server build has none to offer', () => {
  const { ssrRemoteEntry: _none, ...metaData } = manifest.metaData;
  expect(serverEntryOf('http://localhost:3001/mf-manifest.json', { ...manifest, metaData })).toBeNull();
});

test("the shell's shared packages are named by package, on the shell's own origin", () => {
  expect(sharedScripts(manifest, ['zustand'])).toEqual(['/880.js']);
});

test('the page is handed only what registering the remote takes', () => {
  expect(forThePage(manifest)).toEqual({
    metaData: { globalName: 'catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  });
});
