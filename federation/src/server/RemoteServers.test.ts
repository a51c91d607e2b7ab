/**
 * @jest-environment node
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import webpack from 'webpack';
import type { ModuleId } from '@usedcars/shared-contract';
import { RemoteServers } from './RemoteServers';

// A real remote's server build, made by the site's own webpack set-up, served from several folders.
const { remoteServerConfig } = require('../../../tooling/webpack/remote-server.cjs') as {
  remoteServerConfig: (options: { name: string; dir: string; exposes: Record<string, string> }) => webpack.Configuration;
};

const SCREEN = 'catalog/Screen' as ModuleId;
const out = mkdtempSync(path.join(os.tmpdir(), 'remote-servers-'));
let server: Server;
let origin: string;
const gone = new Set<string>();
let slowManifestMs = 0;

const manifest = JSON.stringify({
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
    buildInfo: { buildVersion: '0.1.0' },
  },
  shared: [],
});

async function build(): Promise<void> {
  const config = remoteServerConfig({
    name: 'catalog',
    dir: path.join(__dirname, '..', '..', 'test', 'fixture-remote'),
    exposes: { './Screen': './Screen.tsx' },
  });
  config.output = { ...config.output, path: out, clean: false };
  const stats = await new Promise<webpack.Stats>((resolve, reject) => webpack(config, (error, result) => (error || !result ? reject(error) : resolve(result))));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
}

beforeAll(async () => {
  await build();
  server = createServer((request, response) => {
    const [, folder, ...rest] = (request.url ?? '').split('?')[0]!.split('/');
    const file = rest.join('/');
    const send = () => {
      if (file === 'mf-manifest.json') return response.writeHead(200, { 'content-type': 'application/json' }).end(manifest);
      if (gone.has(folder!)) return response.writeHead(404).end();
      try {
        response.writeHead(200).end(readFileSync(path.join(out, file)));
      } catch {
        response.writeHead(404).end();
      }
    };
    if (folder === 'slow' && file === 'mf-manifest.json') setTimeout(send, slowManifestMs).unref();
    else send();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(out, { recursive: true, force: true });
});

const shared = () => ({
  react: { version: React.version, lib: () => React, shareConfig: { singleton: true, requiredVersion: false as const } },
  'react/jsx-runtime': { version: React.version, lib: () => jsxRuntime, shareConfig: { singleton: true, requiredVersion: false as const } },
});

async function rendered(servers: RemoteServers, folder: string): Promise<string> {
  const build = await servers.current('catalog', `${origin}/${folder}/mf-manifest.json`);
  const screen = (await servers.load(SCREEN, build)) as { default: React.ComponentType };
  return renderToString(React.createElement(screen.default));
}

test('two builds of one remote, asked for in turn and at once, each render with their own files', async () => {
  const servers = new RemoteServers({ shared });
  const folders = Array.from({ length: 12 }, (_, at) => (at % 2 === 0 ? 'live' : 'canary'));
  const pages = await Promise.all(folders.map((folder) => rendered(servers, folder)));
  pages.forEach((page, at) => expect(page).toMatch(new RegExp(`src="${origin}/${folders[at]}/assets/badge\\.[0-9a-f]{8}\\.svg"`)));
  // Asked for again in turn, once both are loaded: neither build is swapped for the other.
  for (const folder of ['canary', 'live', 'canary', 'live']) expect(await rendered(servers, folder)).toContain(`${origin}/${folder}/assets/`);
  expect(servers.loadedBuilds).toBe(2);
});

test('a build whose files disappear is refused at once for a while, then tried afresh', async () => {
  let now = 1_000_000;
  const servers = new RemoteServers({ shared, retryAfterMs: 10_000, now: () => now });
  gone.add('deleted');
  await expect(rendered(servers, 'deleted')).rejects.toThrow(/catalog: its server build could not be loaded \(.*404/);
  await expect(rendered(servers, 'deleted')).rejects.toThrow(/catalog: its server build failed 0 s ago/);
  // The other builds of the remote are not affected.
  expect(await rendered(servers, 'live')).toContain(`${origin}/live/assets/`);
  gone.delete('deleted');
  now += 10_001;
  expect(await rendered(servers, 'deleted')).toContain(`${origin}/deleted/assets/`);
});

test('a manifest slower than its time limit makes the remote unavailable without waiting for it', async () => {
  slowManifestMs = 3_000;
  const servers = new RemoteServers({ shared, manifestTimeoutMs: 200 });
  const started = Date.now();
  await expect(servers.current('catalog', `${origin}/slow/mf-manifest.json`)).rejects.toThrow(/catalog: its manifest .*slow.* could not be fetched/);
  expect(Date.now() - started).toBeLessThan(2_000);
  slowManifestMs = 0;
});

test('builds no request uses are let go, and a build let go loads again when asked for', async () => {
  let now = 0;
  const servers = new RemoteServers({ shared, maxBuilds: 2, idleMs: 60_000, now: () => now });
  for (const folder of ['one', 'two', 'three']) {
    now += 1_000;
    expect(await rendered(servers, folder)).toContain(`${origin}/${folder}/assets/`);
  }
  expect(servers.loadedBuilds).toBe(2);
  now += 1_000;
  expect(await rendered(servers, 'one')).toContain(`${origin}/one/assets/`);
  now += 61_000;
  expect(await rendered(servers, 'two')).toContain(`${origin}/two/assets/`);
  // Idle past a minute: only the build just asked for stays cached.
  expect(servers.loadedBuilds).toBe(1);
});
