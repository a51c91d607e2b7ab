import { expect, test } from '../support/test';
import { logIn } from '../support/auth';
import { DEMO, DEMO_PASSWORD } from '../support/site';

/**
 * The page holds one React, one router, one auth store and one QueryClient. The shell
 * and each remote record what they were handed (shared-ui's singletonProbe); a value written
 * through the shell's copy must be visible through the remote's copy, and the reverse. The
 * QueryClient comes with the first screen that reads the API (the home page has none), so that
 * part is checked on the Audi list, reached in the same page.
 */
test('shell and catalog share React, the router, the auth store and the QueryClient', async ({ page }) => {
  // A first visit to the home page leaves the server's markup as it is, without the catalog's
  // code; reached from another screen, the catalog draws it in the page.
  await page.goto('/blogs');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  await page.waitForFunction(() => Boolean(window.__USEDCARS_SINGLETONS__?.shell && window.__USEDCARS_SINGLETONS__?.catalog));

  const same = await page.evaluate(() => {
    const { shell, catalog } = window.__USEDCARS_SINGLETONS__ as unknown as Record<'shell' | 'catalog', Record<string, unknown>>;
    const same = (a: unknown, b: unknown) => a === b && a != null;
    type RouterModule = { useNavigate: unknown; Link: unknown };
    const [shellRouter, catalogRouter] = [shell.Router as RouterModule, catalog.Router as RouterModule];
    return {
      React: same(shell.React, catalog.React),
      // Each importer may get its own namespace wrapper; the functions inside must be the same.
      Router: same(shellRouter.useNavigate, catalogRouter.useNavigate) && same(shellRouter.Link, catalogRouter.Link),
      authStore: same(shell.authStore, catalog.authStore),
    };
  });
  expect(same).toEqual({ React: true, Router: true, authStore: true });

  // Remote → shell: signing in through the catalog's store changes the shell's navbar.
  await page.evaluate(() => {
    type Store = { setState: (state: object) => void };
    const { catalog } = window.__USEDCARS_SINGLETONS__ as unknown as Record<'shell' | 'catalog', { authStore: Store }>;
    catalog.authStore.setState({ status: 'signedIn', user: { uid: 'probe', email: 'probe@usedcars.test', displayName: 'Probe' }, role: 'Buyer' });
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Shell → remote for the store.
  const statusSeenByCatalog = await page.evaluate(() => {
    type Store = { setState: (state: object) => void; getState: () => { status: string } };
    const { shell, catalog } = window.__USEDCARS_SINGLETONS__ as unknown as Record<'shell' | 'catalog', { authStore: Store }>;
    shell.authStore.setState({ status: 'signedOut', user: null, role: null });
    return catalog.authStore.getState().status;
  });
  expect(statusSeenByCatalog).toBe('signedOut');
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  // The router too: a link rendered by the remote navigates the shell's router (no reload).
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i }).click();
  await expect(page).toHaveURL(/\/login$/); // the Audi list needs a login: the shell's guard answered

  // Logging in there leads on to the Audi list, still the same page: its QueryClient is the shell's.
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/audis$/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  await page.waitForFunction(() => Boolean(window.__USEDCARS_SINGLETONS__?.shell?.queryClient && window.__USEDCARS_SINGLETONS__?.catalog?.queryClient));
  const cache = await page.evaluate(() => {
    type Client = { setQueryData: (key: unknown[], value: unknown) => void; getQueryData: (key: unknown[]) => unknown };
    const { shell, catalog } = window.__USEDCARS_SINGLETONS__ as unknown as Record<'shell' | 'catalog', { queryClient: Client }>;
    shell.queryClient.setQueryData(['probe'], 'from the shell');
    const seenByCatalog = catalog.queryClient.getQueryData(['probe']);
    catalog.queryClient.setQueryData(['probe'], 'from the catalog');
    return { same: shell.queryClient === catalog.queryClient, seenByCatalog, seenByShell: shell.queryClient.getQueryData(['probe']) };
  });
  expect(cache).toEqual({ same: true, seenByCatalog: 'from the shell', seenByShell: 'from the catalog' });
});

/**
 * The other two remotes against the shell: the dashboard (the buyer's My Orders) and checkout
 * (the booking dialog the catalog opens, so three packages' copies meet on one page).
 */
test('the dashboard and checkout share the same React, router, auth store and QueryClient', async ({ page }) => {
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await page.goto('/hondas');
  await page.getByRole('article').filter({ hasNot: page.locator('[data-status]') }).first().getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Add your info' })).toBeVisible();
  // Then the dashboard, through the navbar (same page, no reload), so all three remotes have
  // rendered in this one page.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => {
    const probes = window.__USEDCARS_SINGLETONS__;
    return Boolean(probes?.shell && probes.dashboard && probes.checkout && probes.catalog);
  });

  const mismatches = await page.evaluate(() => {
    type RouterModule = { useNavigate: unknown; Link: unknown };
    const probes = window.__USEDCARS_SINGLETONS__ as unknown as Record<string, Record<string, unknown>>;
    const shell = probes.shell!;
    const wrong: string[] = [];
    for (const name of ['catalog', 'dashboard', 'checkout']) {
      const probe = probes[name]!;
      if (probe.React !== shell.React) wrong.push(`${name}: React`);
      const [a, b] = [probe.Router as RouterModule, shell.Router as RouterModule];
      if (a.useNavigate !== b.useNavigate || a.Link !== b.Link) wrong.push(`${name}: router`);
      if (probe.authStore !== shell.authStore) wrong.push(`${name}: auth store`);
      if (probe.queryClient !== shell.queryClient) wrong.push(`${name}: QueryClient`);
    }
    return wrong;
  });
  expect(mismatches).toEqual([]);

  // A value set through the dashboard's store shows in checkout's, and checkout's cache in the dashboard's.
  const crossed = await page.evaluate(() => {
    type Store = { setState: (state: object) => void; getState: () => { role: string | null } };
    type Client = { setQueryData: (key: unknown[], value: unknown) => void; getQueryData: (key: unknown[]) => unknown };
    const probes = window.__USEDCARS_SINGLETONS__ as unknown as Record<string, { authStore: Store; queryClient: Client }>;
    const before = probes.dashboard!.authStore.getState().role;
    probes.dashboard!.authStore.setState({ role: 'Seller' });
    const seenByCheckout = probes.checkout!.authStore.getState().role;
    probes.dashboard!.authStore.setState({ role: before });
    probes.checkout!.queryClient.setQueryData(['probe'], 'from checkout');
    return { role: seenByCheckout, cache: probes.dashboard!.queryClient.getQueryData(['probe']) };
  });
  expect(crossed).toEqual({ role: 'Seller', cache: 'from checkout' });
});

declare global {
  interface Window {
    __USEDCARS_SINGLETONS__?: Record<string, Record<string, unknown>>;
  }
}
