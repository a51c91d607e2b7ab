/**
 * @jest-environment ../jest/jsdom-with-fetch.cjs
 *
 * (Node's fetch: config.json and remotes.json are requested by relative address, which Node's fetch
 * refuses, as an unreachable file: the page starts with the local settings and every remote's fallback.)
 */
import { screen } from '@testing-library/react';

// A remote's code lives on another server: the edge of this test.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(() => new Promise(() => undefined)),
}));

test('the page is connected (settings and session) by startPage, before the shell renders', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.body.innerHTML = '<div id="root"></div>';
  let federation: typeof import('@usedcars/federation') | undefined;
  let start: typeof import('./startPage') | undefined;
  jest.isolateModules(() => {
    federation = require('@usedcars/federation');
    start = require('./startPage');
  });
  expect(() => federation!.connection()).toThrow('not connected');
  await start!.startPage();
  expect(federation!.connection().config.apiUrl).toBe('http://localhost:5000');
  expect(await screen.findByRole('navigation', {}, { timeout: 10_000 })).toBeInTheDocument();
});
