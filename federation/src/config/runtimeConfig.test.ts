/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, connection } from '@usedcars/federation';
import { loadRuntimeConfig } from './runtimeConfig';
import { runtimeRegistry } from '@usedcars/federation/runtime';

// Fetched over HTTP as the browser does, from a server holding whatever file a test puts there.
let server: Server;
let base: string;
let file: string | null;

beforeAll(async () => {
  server = createServer((_request, response) => {
    if (file === null) response.writeHead(404).end('Not found');
    else response.writeHead(200, { 'Content-Type': 'application/json' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let warn: jest.SpyInstance;
beforeEach(() => {
  file = null;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

async function load(config: object | null) {
  file = config === null ? null : JSON.stringify(config);
  return loadRuntimeConfig(`${base}/config.json`);
}

const realProject = { apiKey: 'AIza-real', authDomain: 'usedcars-prod.firebaseapp.com', projectId: 'usedcars-prod' };

test('without any config.json the page runs against the local API and emulator', async () => {
  expect(await load(null)).toEqual({
    apiUrl: 'http://localhost:5000',
    firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
    authEmulatorUrl: 'http://127.0.0.1:9099',
  });
});

test('a production config.json that omits authEmulatorUrl gets no emulator', async () => {
  const config = await load({ apiUrl: 'https://api.usedcars.example/', firebase: realProject });
  expect(config).toEqual({ apiUrl: 'https://api.usedcars.example', firebase: realProject, authEmulatorUrl: undefined });
  expect(warn).not.toHaveBeenCalled();
});

test('an emulator named for a demo- project is used', async () => {
  const firebase = { apiKey: 'demo-key', authDomain: 'demo-x.firebaseapp.com', projectId: 'demo-x' };
  const config = await load({ apiUrl: 'http://localhost:5001', firebase, authEmulatorUrl: 'http://127.0.0.1:9199' });
  expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9199');
});

test('an emulator named for a real project is refused, with a warning', async () => {
  const config = await load({ apiUrl: 'https://api.usedcars.example', firebase: realProject, authEmulatorUrl: 'http://127.0.0.1:9099' });
  expect(config.authEmulatorUrl).toBeUndefined();
  expect(config.firebase).toEqual(realProject);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/emulator.*usedcars-prod.*ignored/));
});

test('the API client addresses the API config.json names, once the page is connected to it', async () => {
  file = JSON.stringify({ apiUrl: 'https://api.usedcars.example///', firebase: realProject });
  connect({
    config: await loadRuntimeConfig(`${base}/config.json`),
    session: { accessToken: () => null, refreshAccessToken: async () => null },
    registry: runtimeRegistry(),
  });
  expect(connection().api.baseUrl()).toBe('https://api.usedcars.example');
});
