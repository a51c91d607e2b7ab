// Pipelines: shell
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import path from 'node:path';
import { logIn } from '../support/auth';
import { ROOT, readRemotes, serveFolder, writeRemotes, type Remotes } from '../support/remotes';
import { DEMO, DEMO_PASSWORD } from '../support/site';
import { hydrated } from '../support/hydration';

/**
 * A remote that is down takes only its own area with it. Each remote is served by its own
 * server here; the test stops one at a time and checks that only its area falls back (with a
 * retry that works once it is back), while the navbar, the footer, /login and the other remotes
 * keep working.
 */
const NAMES = ['catalog', 'dashboard', 'checkout', 'messages'] as const;
type Name = (typeof NAMES)[number];

let original: Remotes;
const servers = {} as Record<Name, Awaited<ReturnType<typeof serveFolder>>>;
const ports = {} as Record<Name, number>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  original = readRemotes();
  for (const name of NAMES) {
    servers[name] = await serveFolder(path.join(ROOT, `mf-${name}`, 'dist'));
    ports[name] = servers[name].port;
  }
  writeRemotes(Object.fromEntries(NAMES.map((name) => [name, `http://localhost:${ports[name]}/mf-manifest.json`])) as Remotes);
});

test.afterAll(async () => {
  writeRemotes(original);
  for (const name of NAMES) await servers[name]?.stop();
});

const fallback = (page: Page, name: Name) => page.locator(`[data-remote-fallback="${name}"]`);

async function layoutStillWorks(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Legal' })).toBeVisible();
}

async function withRemoteDown(name: Name, check: () => Promise<void>) {
  await servers[name].stop();
  try {
    await check();
  } finally {
    servers[name] = await serveFolder(path.join(ROOT, `mf-${name}`, 'dist'), ports[name]);
  }
}

test('catalog down: its screens fall back with a retry; layout, login and dashboard still work', async ({ page }) => {
  await withRemoteDown('catalog', async () => {
    await page.goto('/');
    await expect(fallback(page, 'catalog')).toContainText('is not available right now');
    await expect(fallback(page, 'catalog').getByRole('button', { name: 'Try again' })).toBeVisible();
    await layoutStillWorks(page);

    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.goto('/dashboard');
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await page.goto('/');
    await expect(fallback(page, 'catalog')).toBeVisible();
  });
  // Back up: Try again brings the area back without a reload.
  await fallback(page, 'catalog').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
});

test('dashboard down: the dashboard falls back; home, login and the navbar still work', async ({ page }) => {
  await withRemoteDown('dashboard', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.goto('/dashboard');
    await expect(fallback(page, 'dashboard')).toContainText('The dashboard is not available right now');
    await layoutStillWorks(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  });
});

test('checkout down: the payment screen falls back inside a working dashboard; home still works', async ({ page }) => {
  await withRemoteDown('checkout', async () => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.goto('/dashboard/payment/0123456789abcdef01234567');
    await expect(fallback(page, 'checkout')).toContainText('Checkout is not available right now');
    await expect(fallback(page, 'dashboard')).toHaveCount(0);
    await layoutStillWorks(page);

    // The catalog shows checkout's booking dialog: with checkout down, Book Now gets checkout's
    // fallback while the list stays usable, and Escape puts it away.
    await page.goto('/audis');
    const cards = page.getByRole('article').filter({ hasNot: page.locator('[data-status]') });
    await (await hydrated(cards.first().getByRole('button', { name: 'Book Now' }))).click();
    await expect(fallback(page, 'checkout')).toContainText('Checkout is not available right now');
    await expect(fallback(page, 'catalog')).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(fallback(page, 'checkout')).toHaveCount(0);
  });
});

test("messages down: the messages area falls back; home, a car's page with its Ask the seller and the dashboard still work", async ({ page }) => {
  await withRemoteDown('messages', async () => {
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.goto('/messages');
    await expect(fallback(page, 'messages')).toContainText('Messages is not available right now');
    await layoutStillWorks(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
    await page.goto('/audis');
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('link', { name: 'Ask the seller' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Messages' })).toBeVisible();
  });
});

test("remotes.json unreadable at first: the fallback's Try again reads it again, no reload", async ({ page }) => {
  await logIn(page, DEMO.seller, DEMO_PASSWORD);
  let down = true;
  await page.route('**/remotes.json', (route) => (down ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }) : route.fallback()));
  // A page the browser renders itself reads remotes.json (a server-rendered one arrives with it): a seller's form.
  await page.goto('/dashboard/addProduct');
  await expect(fallback(page, 'dashboard')).toContainText('is not available right now');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(fallback(page, 'catalog')).toContainText('is not available right now');
  await layoutStillWorks(page);
  down = false;
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await fallback(page, 'catalog').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});
