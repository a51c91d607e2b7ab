// Pipelines: shell
import type { Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { SITE, DEMO, DEMO_PASSWORD } from '../support/site';
import { expect, settled, test } from '../support/test';
import { hydrated } from '../support/hydration';

/**
 * The pages' security headers (docs/operations.md, "Security headers"), and every screen working
 * under them: the suite's own `test` (support/test.ts) fails any spec whose pages the content
 * security policy refused something on; this one makes sure each screen is visited.
 */

test('pages carry a content security policy without inline script, and cannot be framed', async ({ request }) => {
  const page = await request.get('/');
  const headers = page.headers();
  const policy = Object.fromEntries(
    headers['content-security-policy']!.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  ) as Record<string, string[]>;
  expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", SITE.catalog, SITE.dashboard, SITE.checkout]));
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", SITE.api, SITE.auth]));
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // No inline script anywhere in the page: its data travels as a JSON block.
  const html = await page.text();
  for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\bsrc=|type="application\/json"/);

  // The shell's files and a remote's: nothing sniffed; a remote lets the site's pages, and only them, read its manifest.
  const start = html.match(/src="(\/start\.[0-9a-f]{8}\.js)"/)![1]!;
  const main = html.match(/data-scripts="[^"]*(\/main\.[0-9a-f]{8}\.js)/)![1]!;
  for (const file of [start, main]) expect((await request.get(file)).headers()['x-content-type-options'], file).toBe('nosniff');
  const manifest = await request.get(`${SITE.catalog}/mf-manifest.json`, { headers: { Origin: SITE.shell } });
  expect(manifest.headers()['x-content-type-options']).toBe('nosniff');
  expect(manifest.headers()['access-control-allow-origin']).toBe(SITE.shell);
  expect(manifest.headers()['vary']).toContain('Origin');
  const foreign = await request.get(`${SITE.catalog}/mf-manifest.json`, { headers: { Origin: 'https://elsewhere.example' } });
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
});

async function visit(page: Page, address: string, ready: (page: Page) => ReturnType<Page['locator']>) {
  await page.goto(address);
  await expect(ready(page)).toBeVisible();
  await settled(page);
}

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();

test('every screen works under the policy: signed out, as a buyer, a seller and an admin', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const [car] = (await (await request.get(`${SITE.api}/audis?limit=1`)).json()) as Array<{ _id: string }>;
  for (const address of ['/', '/about', '/blogs', `/audis/${car!._id}`, '/no/such/page', '/register']) await visit(page, address, mainHeading);
  await visit(page, '/login', (p) => p.getByRole('button', { name: 'Login', exact: true }));

  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  for (const address of ['/audis', '/hondas', '/mercedes']) await visit(page, address, (p) => p.getByRole('article').first());
  await visit(page, `/audis/${car!._id}`, mainHeading);
  await visit(page, '/dashboard', mainHeading);
  // Checkout's dialog, opened over the catalog's list.
  await visit(page, '/hondas', (p) => p.getByRole('article').first());
  const bookNow = page
    .getByRole('article')
    .filter({ hasNot: page.locator('[data-status]') })
    .first()
    .getByRole('button', { name: 'Book Now' });
  await (await hydrated(bookNow)).click();
  await expect(page.getByRole('dialog', { name: 'Add your info' })).toBeVisible();
  await page.keyboard.press('Escape');

  const seller = await browser.newPage();
  try {
    await logIn(seller, DEMO.seller, DEMO_PASSWORD);
    for (const address of ['/dashboard', '/dashboard/addProduct', '/dashboard/myProduct', '/dashboard/myBuyer']) await visit(seller, address, mainHeading);
  } finally {
    await seller.close();
  }
  const admin = await browser.newPage();
  try {
    await logIn(admin, DEMO.admin, DEMO_PASSWORD);
    await visit(admin, '/dashboard', (p) => p.getByRole('table', { name: 'Buyers' }));
  } finally {
    await admin.close();
  }
});
