import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { backToBaselineSet } from '../support/remotes';
import { logIn } from '../support/auth';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { ROOT, bootCatalog, copy, demoToken, execute, filesAddress, stack } from './stack';

/**
 * The production shape as its visitors, sellers and buyers meet it (docs/operate-production.md): pages from the
 * shared cache, photos in the bucket and through the cache, payments across API instances, a canary split behind the
 * cache, and a write that reaches the cache's pages at once.
 */

test('a visitor browses from the cache: the second visit is a hit, and carries no page token of anyone else', async ({ page, request }) => {
  const first = await page.goto('/hondas');
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const again = await page.goto('/hondas');
  expect(again?.headers()['x-cache']).toBe('HIT');
  // A cached page sets no cookie: the bucket was set by the edge with the first response only.
  expect(again?.headers()['set-cookie']).toBeUndefined();
  expect(again?.headers()['server-timing'] ?? '').not.toContain('telemetry');
  // The response that was rendered for a visitor carried their own token; the copy served from the cache carries none.
  const address = `${SITE.shell}/mercedess?visit=${Date.now()}`;
  const fresh = await request.get(address);
  const fromCache = await request.get(address);
  expect([fresh.headers()['x-cache'], fromCache.headers()['x-cache']]).toEqual(['MISS', 'HIT']);
  expect(fresh.headers()['server-timing']).toContain('telemetry;desc=');
  expect(fromCache.headers()['server-timing'] ?? '').not.toContain('telemetry');
});

test('a buyer signs in through the public address and gets a brand list made for them, past the cache', async ({ page }) => {
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  // The session cookie the render server renders for comes from the API once the sign-in has finished.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === '__session')).toBe(true);
  const response = await page.goto('/hondas');
  // A signed-in page is never cached by the shared cache: it is rendered for this visitor alone.
  expect(response?.headers()['cache-control']).toContain('private');
  expect(response?.headers()['x-cache']).not.toBe('HIT');
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
});

test('a seller lists a car with photos: they are in the bucket and served through the cache, from the page’s own host', async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const carId = await listCar(request, seller, { carName: `Stack photos ${Date.now()}`, category: 'audi' });
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3060a0' } })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(`${SITE.api}/audis/${carId}/photos`, {
    headers: seller.auth,
    multipart: { photo: { name: 'car.jpg', mimeType: 'image/jpeg', buffer: picture } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const car = await (await request.get(`${SITE.api}/audis/${carId}`)).text();
  const address = new RegExp(`${SITE.shell.replace(/[.]/g, '\\.')}/usedcars/[0-9a-f]{64}\\.jpg`).exec(car)?.[0];
  expect(address, car).toBeTruthy();
  // In the bucket itself (s3rver), and through the public address: cached from the second request on.
  const bucket = `http://127.0.0.1:${stack().ports.s3}${new URL(address!).pathname}`;
  expect((await request.get(bucket)).headers()['content-type']).toBe('image/jpeg');
  const viaCache = [await request.get(address!), await request.get(address!)];
  expect(viaCache.map((response) => [response.status(), response.headers()['x-cache']])).toEqual([
    [200, 'MISS'],
    [200, 'HIT'],
  ]);

  // The car's page names its largest picture in the head, and every file of it is on the page's own host: no other
  // host's lookup and connection stand before its paint (docs/performance.md, "Through the shared cache").
  const html = await (await request.get(`/audis/${carId}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)"[^>]*fetchpriority="high">/.exec(head);
  expect(preload, head).toBeTruthy();
  const files = [preload![1]!, ...preload![2]!.split(',').map((entry) => entry.trim().split(/\s+/)[0]!)];
  expect(files.filter((file) => new URL(file).origin !== new URL(SITE.shell).origin)).toEqual([]);
  for (const file of files) expect((await request.get(file)).status(), file).toBe(200);
});

test('a buyer books and pays with the offline gateway, the intent made by one API instance and confirmed by the other', async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const carId = await listCar(request, seller, { carName: `Stack payment ${Date.now()}`, category: 'honda' });
  const booked = await request.post(`${SITE.api}/bookings`, { headers: buyer.auth, data: { carId, phone: '+1 415 555 0188', address: '8 Stack Street' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { insertedId: string }).insertedId;
  const intent = await request.post(`${copy('api-1')}/create-payment-intent`, { headers: buyer.auth, data: { bookingId, currentPrice: 1 } });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post(`${copy('api-2')}/test-gateway/confirm`, {
    data: { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const transactionId = clientSecret.split('_secret_')[0]!;
  const paid = await request.post(`${copy('api-1')}/payments`, { headers: buyer.auth, data: { bookingId, transactionId, email: buyer.email } });
  expect(paid.status(), await paid.text()).toBe(201);
  expect(await (await request.get(`${SITE.api}/bookings/${bookingId}`, { headers: buyer.auth })).json()).toMatchObject({ paid: true, transactionId });
});

test('a price edit shows through the public address within 2 s', async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const carId = await listCar(request, seller, { carName: `Stack price ${Date.now()}`, category: 'mercedes' });
  const carPage = `${SITE.shell}/mercedess/${carId}`;
  await expect.poll(async () => (await request.get(carPage)).headers()['x-cache']).toBe('HIT');
  const edited = await request.patch(`${SITE.api}/mercedess/${carId}`, { headers: seller.auth, data: { currentPrice: 17345 } });
  expect(edited.status(), await edited.text()).toBe(200);
  await expect.poll(async () => (await request.get(carPage)).text(), { timeout: 2_000, intervals: [100] }).toMatch(/17,345/);
});

test('a catalog canary of 10 % reaches about a tenth of fresh visitors through the cache, and each keeps theirs', async () => {
  test.setTimeout(240_000);
  const admin = await demoToken('admin');
  const deploy = await fetch(`${SITE.api}/deploy-tokens`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'stack canary', remote: 'catalog' }),
  });
  expect(deploy.ok).toBe(true);
  const { token } = (await deploy.json()) as { token: string };
  const builds = mkdtempSync(path.join(os.tmpdir(), 'stack-canary-'));
  const release = (dist: string, ...args: string[]) =>
    execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), 'release', 'catalog', '--api', SITE.api, '--dist', dist, ...args], {
      cwd: ROOT,
      env: { ...process.env, DEPLOY_TOKEN: token },
    });
  try {
    for (const name of ['live', 'canary']) cpSync(path.join(stack().siteDir, 'baseline-set', 'catalog'), path.join(builds, name), { recursive: true });
    writeFileSync(path.join(builds, 'canary', 'notes.txt'), 'the same build, released again as a canary\n');
    await release(path.join(builds, 'live'));
    await release(path.join(builds, 'canary'), '--canary', '10');
    const live = (await (await fetch(`${SITE.api}/releases/live`)).json()) as {
      remotes: { catalog: { live: { manifestUrl: string }; canary: { manifestUrl: string } } };
    };
    const { canary } = live.remotes.catalog;
    expect(canary.manifestUrl.startsWith(`${filesAddress()}/usedcars/releases/`)).toBe(true);
    const carPath = '/hondas';
    const visit = async (cookie?: string) => {
      const response = await fetch(`${SITE.shell}${carPath}`, { headers: cookie ? { cookie } : {} });
      return { catalog: bootCatalog(await response.text()), cookie: response.headers.get('set-cookie')?.split(';')[0], cache: response.headers.get('x-cache') };
    };
    // Each of the four render workers loads the canary's build before it renders it, then purges: until the last has,
    // a page of the canary's tenth may be rendered with the live release and cached. Past the cache (a fresh address
    // each time), twelve pages in a row of bucket 3 reach every worker.
    const uncached = async (n: number) =>
      bootCatalog(await (await fetch(`${SITE.shell}${carPath}?ready=${Date.now()}-${n}`, { headers: { cookie: 'release_bucket=3' } })).text());
    await expect
      .poll(
        async () => {
          const catalogs = [];
          for (let n = 0; n < 12; n += 1) catalogs.push(await uncached(n));
          return catalogs.filter((catalog) => catalog === canary.manifestUrl).length;
        },
        { timeout: 60_000 },
      )
      .toBe(12);
    await expect.poll(async () => (await visit('release_bucket=3')).catalog).toBe(canary.manifestUrl);
    const visitors = [];
    for (let i = 0; i < 300; i += 1) visitors.push(await visit());
    expect(visitors.every((visitor) => /^release_bucket=\d{1,2}$/.test(visitor.cookie ?? ''))).toBe(true);
    const share = visitors.filter((visitor) => visitor.catalog === canary.manifestUrl).length / visitors.length;
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.2);
    // Sticky: each visitor's next page is of the same release, now from the cache's copy for their bucket.
    const again = await Promise.all(visitors.slice(0, 60).map((visitor) => visit(visitor.cookie)));
    // Still the canary (a verdict of the canary watch would change every bucket's release, not break stickiness).
    const after = (await (await fetch(`${SITE.api}/releases/live`)).json()) as typeof live;
    expect(after.remotes.catalog.canary?.manifestUrl).toBe(canary.manifestUrl);
    expect(again.map((visit) => visit.catalog)).toEqual(visitors.slice(0, 60).map((visitor) => visitor.catalog));
    expect(again.filter((visit) => visit.cache === 'HIT').length).toBeGreaterThan(30);
  } finally {
    await backToBaselineSet(admin);
    rmSync(builds, { recursive: true, force: true });
  }
});
