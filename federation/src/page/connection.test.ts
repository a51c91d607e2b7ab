/** @jest-environment node */
import { connectRequest } from '@usedcars/federation/server';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { connect, connection } from '.';
import { runtimeRegistry } from '@usedcars/federation/runtime';

const config = (apiUrl: string) => readRuntimeConfig({ apiUrl });

test('before connect, connection() says what to call and where', () => {
  jest.isolateModules(() => {
    const fresh = require('.') as typeof import('.');
    expect(() => fresh.connection()).toThrow(/not connected\. Call connect\(\{ config, session, registry \}\) before rendering/);
  });
});

test('once connected, the API client reads the settings and the session it was given', async () => {
  let token = 'old';
  const refreshed = jest.fn(async () => (token = 'new'));
  connect({ config: config('https://api.test/'), session: { accessToken: () => token, refreshAccessToken: refreshed }, registry: runtimeRegistry() });
  expect(connection().api.baseUrl()).toBe('https://api.test');
  expect(connection().api.accessToken()).toBe('old');
  // Several 401s at once share one refresh.
  await Promise.all([connection().api.refreshAccessToken(), connection().api.refreshAccessToken()]);
  expect(refreshed).toHaveBeenCalledTimes(1);
  expect(connection().api.accessToken()).toBe('new');
});

test('concurrent server requests each see their own settings, whatever the page connected', async () => {
  connect({ config: config('https://page.test'), session: { accessToken: () => 'page', refreshAccessToken: async () => null }, registry: runtimeRegistry() });
  const seen = (apiUrl: string, delay: number) =>
    connectRequest({ config: config(apiUrl), registry: runtimeRegistry() }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (delay) await new Promise((resolve) => setImmediate(resolve));
      return [connection().api.baseUrl(), connection().api.accessToken()];
    });
  expect(await Promise.all([seen('https://a.test', 1), seen('https://b.test', 0)])).toEqual([
    ['https://a.test', null],
    ['https://b.test', null],
  ]);
  expect(connection().api.baseUrl()).toBe('https://page.test');
});
