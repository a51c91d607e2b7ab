// Pipelines: shell
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { SITE } from '../support/site';

/**
 * The render server keeps anonymous pages and drops them when the API announces a change
 * (docs/operations.md, "The page cache"); X-Render-Cache says where a page came from.
 */
test("a car's page is cached, dropped the moment the car is booked, and is what a refused session cookie gets, privately", async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const carName = `Cache probe ${Date.now()}`;
  const carId = await listCar(request, seller, { carName });
  const page = `${SITE.shell}/audis/${carId}`;
  const fetchPage = async (headers: Record<string, string> = {}) => {
    const response = await request.get(page, { headers });
    expect(response.status()).toBe(200);
    return { cache: response.headers()['x-render-cache'], html: await response.text(), headers: response.headers() };
  };

  // Rendered by the server (a busy machine may leave the very first render to the browser), then cached.
  let first = await fetchPage();
  await expect.poll(async () => (first = await fetchPage()).cache).toMatch(/^(miss|hit)$/);
  expect(first.html).toContain(carName);
  const second = await fetchPage();
  expect(second.cache).toBe('hit');
  expect(second.html).toBe(first.html);
  expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
  expect(second.headers['surrogate-key']).toBe(`pages car-${carId}`);

  const booked = await request.post(`${SITE.api}/bookings`, { headers: buyer.auth, data: { carId, phone: '+1 415 555 0177', address: '7 Cache Lane' } });
  expect(booked.status()).toBe(201);
  // The booking's response waits for the API to announce it; the render server hears it a moment later
  // (how soon is a figure of npm run bench:render, not a test).
  await expect.poll(async () => (await fetchPage()).html.includes('Booked')).toBe(true);

  // Another change empties the cache; a probe page shows when the render server has heard it.
  const probe = async () => (await request.get(`${SITE.shell}/blogs?probe=${carId}`)).headers()['x-render-cache'];
  await expect.poll(probe).toBe('hit');
  await listCar(request, seller, { carName: `${carName} (second)` });
  await expect.poll(probe).toBe('miss');
  // A session cookie the API refuses is nobody's: the page for anyone is served to it (no render of its own), privately,
  // and the cookie goes. A real session's pages are rendered for it alone (signed-in-rendering.spec.ts).
  const refused = await fetchPage({ Cookie: '__session=someone; release_bucket=7' });
  expect(refused.cache).toBe('miss');
  expect(refused.headers['cache-control']).toBe('private, no-store');
  expect(refused.headers['set-cookie']).toMatch(/(^|\n)__session=; Max-Age=0/);
  expect((await fetchPage({ Cookie: '__session=someone-else; release_bucket=7' })).cache).toBe('hit');
  // The release bucket every visitor carries (docs/releases.md) does not make a page personal.
  expect((await fetchPage({ Cookie: 'release_bucket=7' })).cache).toBe('hit');
  expect((await fetchPage({ Cookie: 'release_bucket=93' })).cache).toBe('hit');
});
