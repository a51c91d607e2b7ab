/** @jest-environment node */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { connection } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import type { RemoteServers } from '@usedcars/federation/server';
import { Renderer } from './render';

// A remote's server build comes from another server: the edge of this test.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
}));

/** The car's page as its remote renders it: the API address it was rendered against, read from the connection. */
const carPage = {
  default: () => <h1>API at {connection().config.apiUrl}</h1>,
  prefetch: async () => {
    // Yield, so concurrent requests interleave before the rendering starts.
    await new Promise((resolve) => setImmediate(resolve));
  },
};
jest.mocked(loadRemote).mockImplementation(async () => carPage);

const build = {
  remote: 'catalog',
  manifestUrl: 'http://catalog.test/mf-manifest.json',
  manifest: { metaData: { remoteEntry: { name: 'remoteEntry.js' } } },
  version: 'v1',
};
const remoteServers = { current: async () => build, load: async () => carPage } as unknown as RemoteServers;
const renderer = new Renderer({ manifest: { metaData: {} }, chunks: {} }, remoteServers);

const render = (apiUrl: string) =>
  renderer.render({
    url: '/audis/1',
    config: readRuntimeConfig({ apiUrl }),
    remotes: { catalog: build.manifestUrl },
    signal: new AbortController().signal,
  });

test('each request is rendered connected to its own settings, even when requests overlap', async () => {
  const outside = connection().config.apiUrl;
  const [first, second] = await Promise.all([render('https://api-one.test'), render('https://api-two.test')]);
  expect(first.page.html).toContain('API at <!-- -->https://api-one.test');
  expect(second.page.html).toContain('API at <!-- -->https://api-two.test');
  expect(first.page.boot.config.apiUrl).toBe('https://api-one.test');
  // Outside the requests, their settings are gone: whatever was connected there is untouched.
  expect(connection().config.apiUrl).toBe(outside);
});

describe("a remote's static screens", () => {
  const home = (hydrate?: string[]) =>
    renderer.render({
      url: '/',
      config: readRuntimeConfig({ apiUrl: 'https://api.test' }),
      remotes: { catalog: build.manifestUrl },
      hydrate,
      signal: new AbortController().signal,
    });

  it('stay static markup for a visitor on the live release: the page loads none of its code', async () => {
    const { page } = await home();
    expect(page.boot.staticMarkup).toEqual(['catalog/HomePage']);
    expect(page.boot.manifests).toEqual({});
    expect(page.preloadScripts.filter((file) => file.startsWith('http://catalog.test/'))).toEqual([]);
  });

  it("are hydrated for a visitor on the remote's canary, so its code runs in the page and reports", async () => {
    const { page } = await home(['catalog']);
    expect(page.boot.staticMarkup).toEqual([]);
    expect(Object.keys(page.boot.manifests)).toEqual(['catalog']);
    expect(page.preloadScripts).toContain('http://catalog.test/remoteEntry.js');
  });
});
