/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, request } from './client';
import { connect as connectPage } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { apiUrl } from './connection';
import { runtimeRegistry } from '@usedcars/federation/runtime';

// Only the token /jwt issued last is accepted, as the API does once a token expires.
let server: Server;
let base: string;
let validToken: string;
let issued: number;
let jwtCalls: number;
let seen: { path: string; authorization: string | undefined }[];

function route(req: IncomingMessage): [number, unknown] {
  const path = new URL(req.url ?? '/', base).pathname;
  if (path === '/jwt') {
    jwtCalls += 1;
    issued += 1;
    validToken = `access-${issued}`;
    return [200, { accessToken: validToken }];
  }
  if (path === '/public') return [200, { open: true }];
  if (path === '/identity') return req.headers.authorization === 'Bearer id-token' ? [200, { ok: true }] : [401, { message: 'Bad identity token' }];
  if (path === '/never') return [401, { message: 'Not for you' }];
  if (req.headers.authorization !== `Bearer ${validToken}`) return [401, { message: 'The access token is not valid or has expired; sign in again' }];
  return [200, { path }];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: new URL(req.url ?? '/', base).pathname, authorization: req.headers.authorization });
    const [status, body] = route(req);
    // /jwt responds a little later, so parallel 401s overlap with the refresh in flight.
    setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)), req.url?.startsWith('/jwt') ? 30 : 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let stored: string | null;
const saveAccessToken = (token: string) => void (stored = token);

async function refreshFromJwt(): Promise<string | null> {
  const response = await fetch(`${base}/jwt`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  saveAccessToken(accessToken);
  return accessToken;
}

function connect(refresh: () => Promise<string | null>) {
  connectPage({
    config: readRuntimeConfig({ apiUrl: base }),
    session: { accessToken: () => stored, refreshAccessToken: refresh },
    registry: runtimeRegistry(),
  });
}

beforeEach(() => {
  stored = null;
  validToken = 'access-0';
  issued = 0;
  jwtCalls = 0;
  seen = [];
  connect(refreshFromJwt);
});

test('calls that need the access token carry it as a bearer; open ones and identity-token ones carry theirs', async () => {
  saveAccessToken('access-0');
  await expect(request('/orders')).resolves.toEqual({ path: '/orders' });
  await expect(request('/public', { auth: 'none' })).resolves.toEqual({ open: true });
  await expect(request('/identity', { auth: { idToken: 'id-token' } })).resolves.toEqual({ ok: true });
  expect(seen.map((s) => s.authorization)).toEqual(['Bearer access-0', undefined, 'Bearer id-token']);
  expect(jwtCalls).toBe(0);
});

test('a 401 on an expired token refreshes once and retries once, with the new token', async () => {
  saveAccessToken('expired');
  await expect(request('/orders')).resolves.toEqual({ path: '/orders' });
  expect(jwtCalls).toBe(1);
  expect(seen.filter((s) => s.path === '/orders').map((s) => s.authorization)).toEqual(['Bearer expired', 'Bearer access-1']);
  expect(stored).toBe('access-1');
});

test('a second 401 after the refresh is the result: an ApiError, no further refresh', async () => {
  saveAccessToken('expired');
  await expect(request('/never')).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Not for you' });
  expect(jwtCalls).toBe(1);
  expect(seen.filter((s) => s.path === '/never')).toHaveLength(2);
});

test('when no new token can be had (session over) the 401 surfaces without a retry', async () => {
  saveAccessToken('expired');
  connect(async () => null);
  const error = await request('/orders').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401 });
  expect(seen.filter((s) => s.path === '/orders')).toHaveLength(1);
});

test('an identity-token call is not refreshed with an access token', async () => {
  await expect(request('/identity', { auth: { idToken: 'stale-id-token' } })).rejects.toMatchObject({ status: 401 });
  expect(jwtCalls).toBe(0);
});

test('parallel 401s share one refresh: one /jwt call, every call retried with its token', async () => {
  saveAccessToken('expired');
  const paths = ['/a', '/b', '/c', '/d', '/e'];
  await expect(Promise.all(paths.map((p) => request(p)))).resolves.toEqual(paths.map((path) => ({ path })));
  expect(jwtCalls).toBe(1);
  for (const p of paths) expect(seen.filter((s) => s.path === p).map((s) => s.authorization)).toEqual(['Bearer expired', 'Bearer access-1']);
});

test('a 401 that arrives after another call already refreshed uses that token instead of refreshing again', async () => {
  saveAccessToken('expired');
  await request('/first');
  expect(jwtCalls).toBe(1);
  // A call sent with the old token before the refresh, served after it.
  saveAccessToken('expired');
  const late = request('/late');
  saveAccessToken('access-1');
  await expect(late).resolves.toEqual({ path: '/late' });
  expect(jwtCalls).toBe(1);
});

test('apiUrl joins API paths to the address the session names and leaves absolute addresses alone', () => {
  expect(apiUrl('/cars')).toBe(`${base}/cars`);
  expect(apiUrl('images/1.webp')).toBe(`${base}/images/1.webp`);
  expect(apiUrl('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
});
