/** @jest-environment node */
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { fakeApi } from '../fakeApi.fixture';
import { registerSessionRoutes, sessionCookieOf } from './session';

/**
 * The render server's side of the session cookie, up to the API (the browser suite's
 * signed-in-rendering spec covers the round trip through the real API and Auth emulator).
 */
let app: FastifyInstance;
let address: string;
let api: Awaited<ReturnType<typeof fakeApi>> | null = null;

/** The session routes in front of `apiUrl` (by default nothing listens there: the API out of reach). */
async function start(apiUrl = 'http://127.0.0.1:9') {
  app = Fastify({ logger: false });
  registerSessionRoutes(app, () => apiUrl);
  app.get('/who', async (request) => ({ cookie: sessionCookieOf(request) }));
  address = await app.listen({ port: 0, host: '127.0.0.1' });
}

beforeEach(() => start());

afterEach(async () => {
  await app.close();
  await api?.close();
  api = null;
});

/** A request as a browser sends it; `host` stands for the site's address (fetch would not send it). */
function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ statusCode: number; setCookie: string | null; json: () => unknown }>((resolve, reject) => {
    const outgoing = httpRequest(`${address}${path}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ statusCode: response.statusCode ?? 0, setCookie: response.headers['set-cookie']?.join(', ') ?? null, json: () => JSON.parse(text) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const post = (headers: Record<string, string>, payload: unknown = { idToken: 'id-token' }) => send('POST', '/session', headers, payload);

test('refuses an ID token from another site, or not sent as JSON, before asking the API', async () => {
  const crossSite = await post({ 'content-type': 'application/json', origin: 'https://elsewhere.example' });
  expect(crossSite.statusCode).toBe(403);
  const form = await post({ 'content-type': 'text/plain', origin: address });
  expect(form.statusCode).toBe(403);
  const empty = await post({ 'content-type': 'application/json', origin: address }, {});
  expect(empty.statusCode).toBe(400);
  for (const response of [crossSite, form, empty]) expect(response.setCookie).toBeNull();
});

test('an API out of reach sets no cookie and is no 5xx of the page', async () => {
  const response = await post({ 'content-type': 'application/json', origin: address });
  expect(response.statusCode).toBe(503);
  expect(response.setCookie).toBeNull();
});

test('Log Out ends the session at the API, then clears the cookie: httpOnly, SameSite=Lax, Path=/, Secure except on plain-http localhost', async () => {
  api = await fakeApi();
  await app.close();
  await start(api.origin);
  const local = await send('DELETE', '/session', { cookie: '__session=abc' });
  expect(local.statusCode).toBe(204);
  expect(local.setCookie).toBe('__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  expect(api.requests).toEqual([{ method: 'DELETE', url: '/auth/session', authorization: 'Session abc' }]);
  const site = await send('DELETE', '/session', { host: 'cars.example', cookie: '__session=abc' });
  expect(site.setCookie).toBe('__session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
});

test('Log Out of a session the API no longer knows is done; one the API cannot end says so, and the cookie goes either way', async () => {
  api = await fakeApi({ endSessionStatus: 401 });
  await app.close();
  await start(api.origin);
  expect((await send('DELETE', '/session', { cookie: '__session=abc' })).statusCode).toBe(204);
  await app.close();
  await start();
  const unreachable = await send('DELETE', '/session', { cookie: '__session=abc' });
  expect(unreachable.statusCode).toBe(502);
  expect(unreachable.json()).toEqual({ message: expect.stringMatching(/sign out again/i) });
  expect(unreachable.setCookie).toBe('__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
});

test('a broken session cookie is no session: never sent to the API, and cleared at Log Out', async () => {
  api = await fakeApi();
  await app.close();
  await start(api.origin);
  for (const value of ['%', '%E0%A4%A', 'a%0Ab', 'x'.repeat(5_000)]) {
    expect((await send('GET', '/who', { cookie: `__session=${value}` })).json()).toEqual({ cookie: null });
    const signOut = await send('DELETE', '/session', { cookie: `__session=${value}` });
    expect(signOut.statusCode).toBe(204);
    expect(signOut.setCookie).toMatch(/^__session=; Max-Age=0;/);
  }
  expect(api.requests).toEqual([]);
});

test('reads the visitor’s __session cookie among others', async () => {
  expect((await send('GET', '/who', { cookie: 'pin=1; __session=s3cr3t; theme=dark' })).json()).toEqual({ cookie: 's3cr3t' });
  expect((await send('GET', '/who', { cookie: 'pin=1' })).json()).toEqual({ cookie: null });
});
