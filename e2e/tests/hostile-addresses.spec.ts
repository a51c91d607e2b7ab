// Pipelines: catalog
import { createHash } from 'node:crypto';
import { listCar, newAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { renderServerReady } from '../support/renderServer';
import { expect, test } from '../support/test';
import { SITE } from '../support/site';

/**
 * Addresses a stranger types or edits: an id the API does not know, a cursor made up by hand.
 * Each gets a page that says so, with the status a crawler or a proxy reads.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A cursor of the right shape with a day that does not exist, as anyone could make one. */
function forgedCursor(): string {
  const scope = createHash('sha256').update('[["category","audi"]]').digest('base64url').slice(0, 11);
  return Buffer.from(JSON.stringify([1, 'newest', 'a', '2026-02-30T00:00:00.000000Z', UNKNOWN, scope])).toString('base64url');
}

test('an unknown or malformed car id is a 404 page: from the render server, and in the browser without a hydration error', async ({ page, request }) => {
  await renderServerReady(request);
  for (const address of [`/audis/${UNKNOWN}`, '/hondas/not-a-car']) {
    // A page past the render budget is left to the browser (200, like any page address): asked again, it is rendered.
    await expect.poll(async () => (await request.get(address)).status(), { message: address, timeout: 30_000 }).toBe(404);
    const html = await (await request.get(address)).text();
    expect(html).toContain('<title>Car not found</title>');
    expect(html).toContain('Car not found');
    expect(html).not.toContain('Loading the car');

    const messages: string[] = [];
    page.on('console', (message) => {
      // The document's own 404 is reported by the browser; anything else is a fault.
      if (message.type() === 'error' && !/status of 404/.test(message.text())) messages.push(message.text());
    });
    // The browser's request is a new render, which a busy machine can also leave to the browser.
    await expect.poll(async () => (await page.goto(address))?.status(), { message: address, timeout: 30_000 }).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Car not found' })).toBeVisible();
    await expect(page).toHaveTitle('Car not found');
    expect(messages).toEqual([]);
  }
});

test("a car's page is titled with its name, and a car with only its link picture asks for that picture once", async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const carName = `Audi Q7 ${seller.id.slice(0, 8)}`;
  const carId = await listCar(request, seller, { carName });
  await renderServerReady(request);
  const html = await (await request.get(`/audis/${carId}`)).text();
  expect(html).toContain(`<title>${carName}</title>`);
  const head = html.slice(0, html.indexOf('</head>'));
  const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
  expect(preloads.filter((link) => link.includes('sedan-blue.svg'))).toEqual([expect.stringContaining('fetchpriority="high"')]);
});

test('a brand list recovers from a forged cursor as from a garbage one: the first page, and a note why', async ({ page, request }) => {
  const buyer = await newAccount(request, 'Buyer');
  await page.goto('/login');
  await logIn(page, buyer.email, buyer.password);
  for (const cursor of ['not-a-cursor', forgedCursor()]) {
    await page.goto(`/audis?page=500&cursor=${encodeURIComponent(cursor)}`);
    await expect(page.getByRole('status').filter({ hasText: 'That link pointed to a place in the list that no longer exists' })).toBeVisible();
    await expect(page).toHaveURL(/\/audis(\?(?!.*cursor=).*)?$/);
    await expect(page.getByRole('heading', { level: 2, name: /^(Showing 1–\d+ of [\d,]+|[\d,]+) cars?$/ })).toBeVisible();
  }
});

test('an address that is not valid percent-encoding is a 400 from every remote’s files, as from the shell and the API, never a 500', async ({ request }) => {
  for (const origin of [SITE.catalog, SITE.dashboard, SITE.checkout, SITE.messages, SITE.shell, SITE.api]) {
    for (const address of ['/%ff', '/%', '/a%zz']) {
      const response = await request.get(`${origin}${address}`);
      expect({ origin, address, status: response.status() }).toEqual({ origin, address, status: 400 });
    }
  }
});
