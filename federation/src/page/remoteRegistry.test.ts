/** @jest-environment node */
import { connectRequest } from '@usedcars/federation/server';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { loadScreenLoader } from '@usedcars/federation/loaders';
import { connect, keptModules, loadScreenModule, loadedScreenModule, type RemoteRegistry } from '.';

const config = readRuntimeConfig({ apiUrl: 'https://api.test' });
const session = { accessToken: () => null, refreshAccessToken: async () => null };
const carPage = { default: () => null };
const carLoader = async () => ({ notFound: false });

/** A registry over a fake of the remotes' builds, counting what it is asked to load. */
function registry(modules: Record<string, unknown>): RemoteRegistry & { loads: string[] } {
  const loads: string[] = [];
  const kept = keptModules(async (id) => {
    loads.push(id);
    await new Promise((resolve) => setImmediate(resolve));
    if (!(id in modules)) throw new Error(`${id} could not be fetched`);
    return modules[id];
  });
  return { ...kept, loads, register: async () => undefined };
}

test('the page loads each module through the registry it was connected with, once, however many ask at once', async () => {
  const remotes = registry({ 'catalog/CarDetailPage': carPage, 'catalog/loaders': { loaders: { 'catalog/CarDetailPage': carLoader } } });
  connect({ config, session, registry: remotes });
  expect(loadedScreenModule('catalog/CarDetailPage')).toBeUndefined();
  const [first, second] = await Promise.all([loadScreenModule('catalog/CarDetailPage'), loadScreenModule('catalog/CarDetailPage')]);
  expect(first).toBe(carPage);
  expect(second).toBe(carPage);
  expect(loadedScreenModule('catalog/CarDetailPage')).toBe(carPage);
  // The screen's loader comes from its remote's loaders module; a screen the table leaves out has none.
  expect(await loadScreenLoader('catalog/CarDetailPage')).toBe(carLoader);
  expect(await loadScreenLoader('catalog/BrandListPage')).toBeNull();
  expect(remotes.loads).toEqual(['catalog/CarDetailPage', 'catalog/loaders']);
});

test('a module that could not be fetched is the remote being unavailable, and is tried again; a forgotten remote is loaded afresh', async () => {
  const modules: Record<string, unknown> = {};
  const remotes = registry(modules);
  connect({ config, session, registry: remotes });
  await expect(loadScreenModule('dashboard/DashboardHome')).rejects.toMatchObject({ name: 'RemoteUnavailable', remote: 'dashboard' });
  modules['dashboard/DashboardHome'] = carPage;
  expect(await loadScreenModule('dashboard/DashboardHome')).toBe(carPage);
  remotes.forget('dashboard');
  expect(loadedScreenModule('dashboard/DashboardHome')).toBeUndefined();
  await loadScreenModule('dashboard/DashboardHome');
  expect(remotes.loads).toEqual(['dashboard/DashboardHome', 'dashboard/DashboardHome', 'dashboard/DashboardHome']);
});

test('concurrent server requests each load through their own registry, whatever the page connected', async () => {
  const page = registry({ 'catalog/HomePage': 'page build' });
  connect({ config, session, registry: page });
  const live = registry({ 'catalog/HomePage': 'live build' });
  const canary = registry({ 'catalog/HomePage': 'canary build' });
  const inRequest = (remotes: RemoteRegistry) => connectRequest({ config, registry: remotes }, () => loadScreenModule('catalog/HomePage'));
  expect(await Promise.all([inRequest(live), inRequest(canary), inRequest(live)])).toEqual(['live build', 'canary build', 'live build']);
  expect(live.loads).toEqual(['catalog/HomePage']);
  expect(page.loads).toEqual([]);
});
