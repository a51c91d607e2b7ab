/** @jest-environment node */
import Fastify from 'fastify';
import { isAnonymous, visitorBucket } from './visitor';

/** A page that reports what the render server decides about its visitor; requests go over loopback as a browser's would. */
async function probe() {
  const app = Fastify();
  app.get('/', async (request, reply) => {
    const { bucket, source } = visitorBucket(request, reply);
    return { bucket, source, again: visitorBucket(request, reply).bucket, anonymous: isAnonymous(request) };
  });
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

test("takes the bucket a shared cache in front names, over the visitor's cookie, and sets no cookie then", async () => {
  const app = await probe();
  const edge = await app.inject({ url: '/', headers: { 'x-release-bucket': '42', cookie: 'release_bucket=7' } });
  // The cache files the page under the header's value: the page must be that bucket's.
  expect(edge.json()).toMatchObject({ bucket: 42, source: 'edge', again: 42 });
  expect(edge.headers['set-cookie']).toBeUndefined();
  // A header that is no bucket counts for nothing: the cookie decides, or one is picked.
  for (const forged of ['100', '-1', '7, 8', 'x', '']) {
    const kept = await app.inject({ url: '/', headers: { 'x-release-bucket': forged, cookie: 'release_bucket=7' } });
    expect(kept.json()).toMatchObject({ bucket: 7, source: 'cookie' });
    const picked = await app.inject({ url: '/', headers: { 'x-release-bucket': forged } });
    expect(picked.json()).toMatchObject({ source: 'picked' });
    expect(picked.headers['set-cookie']).toMatch(/^release_bucket=\d{1,2};/);
  }
  await app.close();
});
