/**
 * @jest-environment node
 *
 * The private details of runtimeGlobals.ts, held through the runtime's public API: an upgrade that
 * moves them fails here, loudly, instead of letting two builds of one remote share an instance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RUNTIME_VERSION, forgetLoadedEntry, withInstancesHidden } from './runtimeGlobals';

function installedVersion(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!dir.endsWith(path.join('node_modules', ...pkg.split('/')))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

test('the installed federation runtime is the version the adapter was written for', () => {
  for (const pkg of ['@module-federation/enhanced', '@module-federation/runtime', '@module-federation/runtime-core']) {
    expect(`${pkg}@${installedVersion(pkg)}`).toBe(`${pkg}@${RUNTIME_VERSION}`);
  }
});

test("a build started with its remote's instances hidden creates its own, which is dropped after; the hidden one is adopted again", () => {
  const original = init({ name: 'probe-isolated', remotes: [] });
  expect(init({ name: 'probe-isolated', remotes: [] })).toBe(original);
  const started = withInstancesHidden('probe-isolated', () => init({ name: 'probe-isolated', remotes: [] }));
  expect(started).not.toBe(original);
  expect(init({ name: 'probe-isolated', remotes: [] })).toBe(original);
});

test('an entry the runtime loaded is loaded again only once forgotten', async () => {
  const entry = 'http://probe.test/probe-entry/remoteEntry.js';
  let loads = 0;
  const countingEntry: ModuleFederationRuntimePlugin = {
    name: 'counting-entry',
    async loadEntry() {
      loads += 1;
      return { init: async () => undefined, get: async () => () => ({ greeting: 'hello' }) } as never;
    },
  };
  const host = (name: string) => createInstance({ name, remotes: [{ name: 'probe_entry', entry }], plugins: [countingEntry] });

  await expect(host('probe-host-a').loadRemote('probe_entry/Greeting')).resolves.toEqual({ greeting: 'hello' });
  await host('probe-host-b').loadRemote('probe_entry/Greeting');
  expect(loads).toBe(1);
  forgetLoadedEntry('probe_entry', entry);
  await host('probe-host-c').loadRemote('probe_entry/Greeting');
  expect(loads).toBe(2);
});
