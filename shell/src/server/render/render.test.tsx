/** @jest-environment node */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Outlet } from 'react-router-dom';
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
const carPage = { default: () => <h1>API at {connection().config.apiUrl}</h1> };
const dashboardLayout = { default: () => <Outlet /> };
const dashboardHome = { default: () => <h1>Your orders</h1> };
const loaders = {
  'catalog/CarDetailPage': async () => {
    // Yield, so concurrent requests interleave before the rendering starts.
    await new Promise((resolve) => setImmediate(resolve));
  },
  'dashboard/DashboardHome': async () => undefined,
};
const modules: Record<string, unknown> = {
  'catalog/HomePage': carPage,
  'catalog/CarDetailPage': carPage,
  'dashboard/DashboardLayout': dashboardLayout,
  'dashboard/DashboardHome': dashboardHome,
  'catalog/loaders': { loaders },
  'dashboard/loaders': { loaders },
};
jest.mocked(loadRemote).mockImplementation(async () => carPage);

const build = (remote: string, withLoaders = true) => ({
  remote,
  manifestUrl: `http://${remote}.test/mf-manifest.json`,
  manifest: { metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: withLoaders ? [{ name: 'loaders' }] : [] },
  version: 'v1',
});
/** Every module the render server was asked to load, in order. */
const loads: string[] = [];
const remoteServers = {
  current: async (remote: string) => build(remote),
  load: async (id: string) => {
    loads.push(id);
    return modules[id];
  },
} as unknown as RemoteServers;
const renderer = new Renderer({ manifest: { metaData: {} }, chunks: {} }, remoteServers);
const remotes = { catalog: build('catalog').manifestUrl, dashboard: build('dashboard').manifestUrl };

const render = (apiUrl: string) =>
  renderer.render({
    url: '/audis/1',
    config: readRuntimeConfig({ apiUrl }),
    remotes,
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

test("a render loads each screen's module once, for its data and its markup alike, and each remote's loaders once", async () => {
  loads.length = 0;
  const viewer = { uid: 'u1', email: 'bea@usedcars.test', name: 'Bea', role: 'Buyer' as const };
  const { page } = await renderer.render({
    url: '/dashboard',
    config: readRuntimeConfig({ apiUrl: 'https://api.test' }),
    remotes,
    signal: new AbortController().signal,
    session: { cookie: 'session-cookie', viewer },
  });
  expect(page.html).toContain('Your orders');
  expect(loads.sort()).toEqual(['dashboard/DashboardHome', 'dashboard/DashboardLayout', 'dashboard/loaders']);
  loads.length = 0;
  await render('https://api.test');
  expect(loads.sort()).toEqual(['catalog/CarDetailPage', 'catalog/loaders']);
});

test("a visitor without a session gets the sign-in form where a screen that needs one would be, and the form's scripts after the paint", async () => {
  loads.length = 0;
  const withForms = new Renderer({ manifest: { metaData: {} }, chunks: { 'screen-LoginPage': ['638.f00d.js', 'screen-LoginPage.f00d.js'] } }, remoteServers);
  const { status, page } = await withForms.render({
    url: '/dashboard',
    config: readRuntimeConfig({ apiUrl: 'https://api.test' }),
    remotes,
    signal: new AbortController().signal,
  });
  expect(status).toBe(200);
  expect(page.html).toContain('<h1 id="login-title">Login</h1>');
  expect(page.html).not.toContain('Checking your sign-in');
  expect(page.html).not.toContain('Your orders');
  expect(loads).toEqual([]);
  expect(page.preloadScripts).toEqual(expect.arrayContaining(['/638.f00d.js', '/screen-LoginPage.f00d.js']));
});

test("a build that exposes no loaders fails the render with the reason, instead of rendering without its screen's data", async () => {
  loads.length = 0;
  const withoutLoaders = { current: async (remote: string) => build(remote, false), load: remoteServers.load } as unknown as RemoteServers;
  const rendering = new Renderer({ manifest: { metaData: {} }, chunks: {} }, withoutLoaders).render({
    url: '/audis/1',
    config: readRuntimeConfig({ apiUrl: 'https://api.test' }),
    remotes,
    signal: new AbortController().signal,
  });
  await expect(rendering).rejects.toMatchObject({ name: 'RemoteUnavailable', message: expect.stringContaining('its loaders could not be loaded') });
  // Asked of the build neither: a missing module would count as the whole build failing.
  expect(loads).not.toContain('catalog/loaders');
});

describe("a remote's static screens", () => {
  const home = (hydrate?: string[]) =>
    renderer.render({
      url: '/',
      config: readRuntimeConfig({ apiUrl: 'https://api.test' }),
      remotes,
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
