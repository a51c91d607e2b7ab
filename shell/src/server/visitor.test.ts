/** @jest-environment node */
import Fastify from 'fastify';
import { isAnonymous, visitorBucket } from './visitor';

/** A page that reports what the render server decides about its visitor; requests go over loopback as a browser's would. */
async function probe() {
  const app = Fastify();
  app.get('/', async (request, reply) => ({ bucket: visitorBucket(request, reply), again: visitorBucket(request, reply), anonymous: isAnonymous(request) }));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const inject = async ({ headers = {} }: { url: string; headers?: Record<string, string> }) => {
    const response = await fetch(origin, { headers });
    const body: unknown = await response.json();
    return { json: <T>() => body as T, headers: { 'set-cookie': response.headers.get('set-cookie') ?? undefined } };
  };
  return { inject, close: () => app.close() };
}

test('a new visitor is given a bucket in a long-lived first-party cookie, and keeps it', async () => {
  const app = await probe();
  const first = await app.inject({ url: '/' });
  const { bucket, again } = first.json<{ bucket: number; again: number }>();
  expect(bucket).toBeGreaterThanOrEqual(0);
  expect(bucket).toBeLessThan(100);
  expect(again).toBe(bucket);
  expect(first.headers['set-cookie']).toBe(`release_bucket=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax`);

  const returning = await app.inject({ url: '/', headers: { cookie: `theme=dark; release_bucket=${bucket}` } });
  expect(returning.json()).toMatchObject({ bucket, anonymous: true });
  expect(returning.headers['set-cookie']).toBeUndefined();
  // A bucket out of range is picked again.
  const tampered = await app.inject({ url: '/', headers: { cookie: 'release_bucket=250' } });
  expect(tampered.headers['set-cookie']).toMatch(/^release_bucket=\d{1,2};/);
  await app.close();
});

test('only the session cookie or an Authorization header makes a visitor signed in', async () => {
  const app = await probe();
  expect((await app.inject({ url: '/', headers: { cookie: '__session=abc; release_bucket=3' } })).json()).toMatchObject({ anonymous: false });
  expect((await app.inject({ url: '/', headers: { authorization: 'Bearer x' } })).json()).toMatchObject({ anonymous: false });
  expect((await app.inject({ url: '/', headers: { cookie: 'session=abc' } })).json()).toMatchObject({ anonymous: true });
  await app.close();
});
