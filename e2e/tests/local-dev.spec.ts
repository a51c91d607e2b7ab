// Pipelines: catalog
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminAccessToken } from '../support/auth';
import { newDeployToken } from '../support/remotes';
import { DEV_SERVER_PORT, SITE } from '../support/site';
import { untilReady } from '../support/until';
import { catalogCheckout, replaceIn } from '../support/variants';

/**
 * A team's dev server inside the real site (docs/releases.md, "Your dev server inside the site"):
 * `npm run dev -- --site URL` in the team's checkout of mf-catalog starts its dev server and prints
 * a local link; the first browser to open it gets the catalog's screens from that dev server inside
 * the site's layout, rendered in the browser only, with hot reload; nobody else does.
 */
test.describe.configure({ mode: 'serial' });

const DEV_ORIGIN = `http://localhost:${DEV_SERVER_PORT}`;
const DEV_MANIFEST = `${DEV_ORIGIN}/mf-manifest.json`;
const LEAD = 'A used-car marketplace that puts buyers and sellers in touch, fairly and in the open.';
const CHANGED = 'A used-car marketplace that puts buyers and sellers in touch, as changed on my machine.';

let work = '';
let devServer: ChildProcess | undefined;
let printed = '';
let address = '';

/** What the command printed so far, and the address it printed on a line of its own once it has. */
const printedAddress = () => /^\s+(http\S+)$/m.exec(printed)?.[1] ?? '';

const freshPage = async (browser: Browser) => (await browser.newContext({ baseURL: SITE.shell })).newPage();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  const adminToken = await adminAccessToken(browser);
  const token = await newDeployToken(adminToken, 'catalog', 'catalog team (local dev)');
  work = catalogCheckout('local-dev', { scripts: true });
  // The team's own command, from its checkout, with its deploy token in DEPLOY_TOKEN as the README says.
  devServer = spawn('npm', ['run', 'dev', '--', '--site', SITE.shell, '--no-open', '--path', '/about', '--expires', '1h'], {
    cwd: path.join(work, 'mf-catalog'),
    env: { ...process.env, DEPLOY_TOKEN: token, CATALOG_PORT: String(DEV_SERVER_PORT) },
    // Its own process group: npm, the command and webpack stop together.
    detached: true,
  });
  devServer.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  devServer.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  // The first development build on a busy machine: the link is printed once the dev server serves it.
  await untilReady(devServer, () => Boolean(printedAddress()), { what: 'npm run dev -- --site printing its link', timeout: 540_000, output: () => printed });
  address = printedAddress();
});

test.afterAll(() => {
  if (devServer?.pid && devServer.exitCode === null) process.kill(-devServer.pid, 'SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the local link opens the site with the catalog from the dev server, in the browser only, and a change appears without a reload', async ({ browser }) => {
  test.setTimeout(300_000);
  expect(printed).toContain(`Local link: catalog from ${DEV_ORIGIN} inside ${SITE.shell}`);
  expect(address.startsWith(`${SITE.shell}/about?preview=`)).toBe(true);

  const page = await freshPage(browser);
  const fromDevServer: string[] = [];
  page.on('request', (request) => void (request.url().startsWith(DEV_ORIGIN) && fromDevServer.push(request.url())));
  const response = (await page.goto(address))!;
  const html = await response.text();
  // The render server ran none of the developer's code: no markup of the screen, no render.
  expect(html).not.toContain(LEAD);
  expect(html).not.toContain('about-heading');
  expect(response.headers()['server-timing'] ?? '').not.toContain('render;dur');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const policy = response.headers()['content-security-policy']!;
  expect(policy).toMatch(new RegExp(`script-src [^;]*${DEV_ORIGIN}`));
  expect(policy).toMatch(new RegExp(`connect-src [^;]*ws://localhost:${DEV_SERVER_PORT}`));

  // The browser renders the screen from the dev server, inside the layout, with the bar.
  await expect(page.getByText(LEAD)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const bar = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(bar).toContainText(`Local: catalog from ${DEV_ORIGIN}`);
  await expect(bar.getByRole('button', { name: 'Leave preview' })).toBeVisible();
  expect(fromDevServer).toContain(DEV_MANIFEST);
  expect(fromDevServer.some((url) => url.startsWith(`${DEV_ORIGIN}/remoteEntry.js`))).toBe(true);
  await expect.poll(async () => (await page.context().request.get('/remotes.json')).json()).toMatchObject({ catalog: DEV_MANIFEST });

  // The team edits a component: the page shows it without loading again.
  await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
  const loads: string[] = [];
  page.on('load', () => void loads.push(page.url()));
  replaceIn(path.join(work, 'mf-catalog', 'src', 'features', 'about', 'AboutPage.tsx'), LEAD.slice(0, -1), CHANGED.slice(0, -1));
  await expect(page.getByText(CHANGED)).toBeVisible({ timeout: 180_000 });
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  expect(loads).toEqual([]);
  await expect(bar).toContainText(`Local: catalog from ${DEV_ORIGIN}`);
  await page.context().close();
});

test('nobody else gets the dev server: not a browser without the link, not a second browser that opens it', async ({ browser }) => {
  const check = async (page: Page, url: string) => {
    const response = (await page.goto(url))!;
    const html = await response.text();
    expect(response.headers()['content-security-policy']).not.toContain(`localhost:${DEV_SERVER_PORT}`);
    // The page everyone gets: server-rendered from the site's own catalog, without the bar's local line.
    expect(html).toContain(LEAD);
    await expect(page.getByText(LEAD)).toBeVisible();
    await expect(page.getByText(`Local: catalog from ${DEV_ORIGIN}`)).toHaveCount(0);
    expect(await (await page.context().request.get('/remotes.json')).json()).not.toMatchObject({ catalog: DEV_MANIFEST });
  };

  const everyone = await freshPage(browser);
  await check(everyone, '/about');
  await everyone.context().close();

  // The link was claimed by the first browser: a second one gets the site as everyone does, and is told the link has ended.
  const second = await freshPage(browser);
  await check(second, address);
  await expect(second.getByRole('region', { name: 'Preview', exact: true })).toContainText(
    'The preview link you opened has expired, was withdrawn or is not valid',
  );
  await second.context().close();
});
