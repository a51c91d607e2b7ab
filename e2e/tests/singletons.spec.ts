// Pipelines: shell
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, settled, test } from '../support/test';
import { logIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { ROOT } from '../support/remotes';
import { shareScope, setSessionThroughShareScope } from '../support/shareScope';
import { DEMO, DEMO_PASSWORD } from '../support/site';

/**
 * The page holds one React, one router, one auth store, one QueryClient, one styled-components
 * and one page state (docs/sharing-and-releases.md). The proof is the federation runtime's own
 * share scope: for each singleton, one version is registered and loaded, the shell provided it,
 * and every remote that rendered something was handed that very one. Nothing in the site's bundles
 * exists for this test.
 */
/** What each remote imports itself, so the runtime hands it the page's copy by name. */
const HANDED_TO_EVERY_REMOTE = ['react', 'react-router-dom', '@tanstack/react-query', 'styled-components', '@usedcars/shared-auth'];
/** Reached by the remotes only through the page's shared-auth and shared-ui: one copy on the page is the proof. */
const ONE_ON_THE_PAGE = ['react-dom', 'zustand', '@usedcars/federation'];
/** Shared by version: with no skew, the remotes use the page's copy too, at no cost in bytes. */
const BY_VERSION = ['@usedcars/shared-ui', '@usedcars/shared-api'];

async function expectOneCopyHandedTo(page: import('@playwright/test').Page, remotes: string[]) {
  const scope = await shareScope(page, [...HANDED_TO_EVERY_REMOTE, ...ONE_ON_THE_PAGE, ...BY_VERSION]);
  const summary = Object.fromEntries(
    Object.entries(scope).map(([name, entries]) => {
      const loaded = entries.filter((entry) => entry.loaded);
      const handedTo = remotes.filter((remote) => loaded[0]?.useIn.includes(remote));
      return [name, { loaded: loaded.length, from: loaded[0]?.from, ...(ONE_ON_THE_PAGE.includes(name) ? {} : { handedTo }) }];
    }),
  );
  expect(summary).toEqual({
    ...Object.fromEntries(HANDED_TO_EVERY_REMOTE.map((name) => [name, { loaded: 1, from: 'shell', handedTo: remotes }])),
    ...Object.fromEntries(ONE_ON_THE_PAGE.map((name) => [name, { loaded: 1, from: 'shell' }])),
    '@usedcars/shared-ui': { loaded: 1, from: 'shell', handedTo: remotes },
    // Only the screens that call the API import the client themselves.
    '@usedcars/shared-api': { loaded: 1, from: 'shell', handedTo: summary['@usedcars/shared-api']?.handedTo },
  });
}

test('shell and catalog share React, the router, the auth store and the QueryClient', async ({ page }) => {
  // A first visit to the home page leaves the server's markup as it is, without the catalog's
  // code; reached from another screen, the catalog renders it in the page.
  await page.goto('/blogs');
  await settled(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();

  // Through the page's one auth store: the shell's navbar follows.
  await setSessionThroughShareScope(page, { status: 'signedIn', user: { uid: 'probe', email: 'probe@usedcars.test', displayName: 'Probe' }, role: 'Buyer' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await setSessionThroughShareScope(page, { status: 'signedOut', user: null, role: null });
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  // The router too: a link rendered by the remote navigates the shell's router (no reload).
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i }).click();
  // The Audi list needs a login: the shell's guard responded with its sign-in form, in place.
  await expect(page).toHaveURL(/\/audis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  // Logging in there shows the Audi list, still the same page, rendered with the shell's QueryClient.
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/audis$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  await expectOneCopyHandedTo(page, ['catalog']);
});

/**
 * The other two remotes against the shell: the dashboard (the buyer's My Orders) and checkout
 * (the booking dialog the catalog opens, so three packages' copies meet on one page).
 */
test('the dashboard and checkout share the same React, router, auth store and QueryClient', async ({ page }) => {
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await page.goto('/hondas');
  const bookNow = page
    .getByRole('article')
    .filter({ hasNot: page.locator('[data-status]') })
    .first()
    .getByRole('button', { name: 'Book Now' });
  await (await hydrated(bookNow)).click();
  await expect(page.getByRole('dialog', { name: 'Add your info' })).toBeVisible();
  // Then the dashboard, through the navbar (same page, no reload), so all three remotes have
  // rendered in this one page.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  // The brand list stays until the dashboard's code is here: its own heading says it is on show.
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expectOneCopyHandedTo(page, ['catalog', 'checkout', 'dashboard']);
});

/** What users download holds nothing made for tests. */
test('the production builds carry no test probe', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? files(file) : /\.(js|html|json)$/.test(name) ? [file] : [];
    });
  const dists = ['shell/dist', 'shell/dist-server', 'mf-catalog/dist', 'mf-dashboard/dist', 'mf-checkout/dist', 'mf-messages/dist'].map((dir) =>
    path.join(ROOT, dir),
  );
  const scanned = dists.flatMap(files);
  expect(scanned.length).toBeGreaterThan(20);
  expect(scanned.filter((file) => readFileSync(file, 'utf8').includes('__USEDCARS_SINGLETONS__')).map((file) => path.relative(ROOT, file))).toEqual([]);
});
