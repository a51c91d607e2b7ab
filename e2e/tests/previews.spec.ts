// Pipelines: shell
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Release } from '@usedcars/shared-contract';
import { releasesNamedIn } from '@usedcars/shared-contract/page-token';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { adminAccessToken } from '../support/auth';
import { expectAxeClean } from '../support/market';
import { expectNoSidewaysScroll } from '../support/pageChecks';
import { adminCall, backToBaselineSet, newDeployToken, publishRunningBuild, ROOT } from '../support/remotes';
import { SITE } from '../support/site';
import { leaveReporting, reportingStarted, tokenOf } from '../support/telemetry';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A team shows its build before anyone gets it (docs/releases.md, "Previews"): a rebuilt
 * mf-catalog released with --preview serves nobody, its link opens the whole site with it for
 * whoever has the link, and ends when left, expired, forged or withdrawn; links of two remotes
 * combine; the preview is promoted to a canary without uploading again.
 */
test.describe.configure({ mode: 'serial' });

const NEW_LABEL = 'Price today (preview)';
const OLD_LABEL = 'Current price';
const ENDED = 'The preview link you opened has expired, was withdrawn or is not valid: this is the site as everyone sees it.';
const execute = promisify(execFile);

let variant: Variant;
let carPath = '';
let adminToken = '';
const tokens = { catalog: '', checkout: '' };
/** The catalog's preview: its version, its manifest and the first link `release --preview` printed. */
const preview = { version: '', manifestUrl: '', address: '' };

/** A team's release command, its deploy token in DEPLOY_TOKEN as the README has it. */
const releases = (token: string, ...args: string[]) =>
  execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), ...args], { cwd: ROOT, env: { ...process.env, DEPLOY_TOKEN: token } });

/** The address a command printed on a line of its own. */
const printedAddress = (stdout: string) => /^\s+(http\S+)$/m.exec(stdout)?.[1] ?? '';

const api = <T>(method: string, route: string, body?: unknown) => adminCall<T>(adminToken, method, route, body);

const statusOf = async (remote: string, version: string) => (await api<Release[]>('GET', `/releases?remote=${remote}`)).find((row) => row.version === version);

/** The catalog manifest the server rendered the page with, from the page's boot data. */
function serverCatalog(html: string): string | undefined {
  const boot = /<script[^>]*id="usedcars-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return boot ? (JSON.parse(boot) as { remotes: Record<string, string> }).remotes.catalog : undefined;
}

/** The set this browser's pages load, as /remotes.json returns it (with the browser's cookies). */
const browserSet = async (context: BrowserContext) => (await (await context.request.get('/remotes.json')).json()) as Record<string, string>;

const bar = (page: Page) => page.getByRole('region', { name: 'Preview', exact: true });

/** Whether the browser still holds a preview link (its HttpOnly cookie). */
const holds = async (context: BrowserContext) => (await context.cookies(SITE.shell)).some((cookie) => cookie.name === 'release_preview');

/** Opens an address and returns what the server sent and which catalog entries the page loaded to hydrate. */
async function open(page: Page, address: string) {
  const entries: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/remoteEntry\.js/.test(url) && (url.startsWith(SITE.catalog) || url.includes('/release-files/catalog/'))) entries.push(url);
  });
  const response = (await page.goto(address))!;
  return { response, html: await response.text(), entries };
}

const freshContext = (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) => browser.newContext({ baseURL: SITE.shell, ...options });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(900_000);
  variant = buildCatalogVariant('preview', [], (catalog) =>
    replaceIn(path.join(catalog, 'src', 'components', 'CarPrices.tsx'), `<dt>${OLD_LABEL}</dt>`, `<dt>${NEW_LABEL}</dt>`),
  );
  const request = await playwright.request.newContext({ baseURL: SITE.shell });
  const seller = await newAccount(request, 'Seller');
  carPath = `/audis/${await listCar(request, seller, { carName: `Audi Q5 preview ${seller.id.slice(0, 8)}` })}`;
  await request.dispose();
  adminToken = await adminAccessToken(browser);
  tokens.catalog = await newDeployToken(adminToken, 'catalog', 'catalog team (previews)');
  tokens.checkout = await newDeployToken(adminToken, 'checkout', 'checkout team (previews)');
});

test.afterAll(async () => {
  variant?.remove();
  // Whatever failed, the specs after this one find every remote on its baseline set.
  if (adminToken) await backToBaselineSet({ Authorization: `Bearer ${adminToken}` });
});

test('a preview release serves nobody; its link shows a fresh browser the whole site with it, rendered and hydrated, until Leave preview', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const liveBefore = await api<unknown>('GET', '/releases/live');
  const { stdout } = await releases(tokens.catalog, 'release', 'catalog', '--site', SITE.shell, '--dist', variant.dist, '--preview', '--path', carPath);
  expect(stdout).toMatch(/^catalog \S+ is a preview, served to nobody but the holders of its link \(the API's preflight: /m);
  preview.version = /^catalog (\S+) is a preview/m.exec(stdout)![1]!;
  preview.address = printedAddress(stdout);
  expect(preview.address.startsWith(`${SITE.shell}${carPath}?preview=`)).toBe(true);
  const registered = (await statusOf('catalog', preview.version))!;
  expect(registered.status).toBe('preview');
  preview.manifestUrl = registered.manifestUrl;
  // Nobody's set changed: no canary, the same live release.
  expect(await api<unknown>('GET', '/releases/live')).toEqual(liveBefore);
  expect((await releases(tokens.catalog, 'list', '--site', SITE.shell, '--remote', 'catalog')).stdout).toMatch(
    new RegExp(`${preview.version.replaceAll('.', '\\.')} .*preview`),
  );

  // Someone without the link: the site as everyone gets it, from the page cache, whatever the preview's visitors saw.
  const everyone = async () => {
    const response = await request.get(carPath);
    const html = await response.text();
    // (A page left for the browser, while a busy render server misses its budget, holds no screen to read.)
    if (serverCatalog(html)) expect(html).toContain(OLD_LABEL);
    expect(html).not.toContain(NEW_LABEL);
    expect(html).not.toContain('aria-label="Preview"');
    return response.headers()['x-render-cache'];
  };
  await expect.poll(everyone, { timeout: 60_000 }).toBe('hit');

  // The link pasted into a fresh browser.
  const reviewer = await freshContext(browser);
  const page = await reviewer.newPage();
  const { response, html, entries } = await open(page, preview.address);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  // Never from the page cache: rendered for this visitor, or (a busy render server) left for the browser, which sends no such header.
  expect(response.headers()['x-render-cache'] ?? 'bypass').toBe('bypass');
  const rendered = serverCatalog(html);
  // A page left for the browser (a new build's first render may miss the budget) loads the set /remotes.json returns.
  if (rendered) {
    expect(rendered).toBe(preview.manifestUrl);
    expect(html).toContain(NEW_LABEL);
  }
  expect((await browserSet(reviewer)).catalog).toBe(preview.manifestUrl);
  await expect(page.locator('dt', { hasText: NEW_LABEL })).toBeVisible();
  await expect(bar(page)).toContainText(`Preview: catalog ${preview.version} · expires in 6 days`);
  // Hydrated with the preview's own code, and the link has left the address bar.
  await expect.poll(() => entries.length, { timeout: 60_000 }).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.startsWith(path.posix.dirname(preview.manifestUrl))).toBe(true);
  await expect(page).toHaveURL(`${SITE.shell}${carPath}`);
  expect((await reviewer.cookies(SITE.shell)).find((cookie) => cookie.name === 'release_preview')).toMatchObject({ httpOnly: true });
  await expectAxeClean(page);

  // The next page keeps the preview (its cookie), and the visitor without it still gets the normal page, cached.
  const again = await open(page, carPath);
  expect(again.response.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('dt', { hasText: NEW_LABEL })).toBeVisible();
  await expect.poll(everyone, { timeout: 60_000 }).toBe('hit');

  // On a phone the bar fits and is reached by keyboard.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(bar(page).getByRole('button', { name: 'Leave preview' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await bar(page).getByRole('button', { name: 'Leave preview' }).focus();
  const left = page.waitForResponse(`${SITE.shell}/preview/leave`);
  await page.keyboard.press('Enter');
  expect((await left).status()).toBe(303);
  await expect(page).toHaveURL(`${SITE.shell}${carPath}`);
  await expect(page.locator('dt', { hasText: OLD_LABEL })).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  expect(await holds(reviewer)).toBe(false);
  expect((await browserSet(reviewer)).catalog).not.toBe(preview.manifestUrl);
  await reviewer.close();
});

test("a preview's page reports name the preview alone: its views are its own, never the live release's or the shell's", async ({ browser }) => {
  test.setTimeout(180_000);
  const since = new Date(Date.now() - 60_000).toISOString();
  const context = await freshContext(browser);
  const page = await context.newPage();
  const { response } = await open(page, preview.address);
  // The page token the API counts the page's reports by names the previewed release only.
  expect(releasesNamedIn(tokenOf(response.headers()['server-timing'])!)).toEqual({ catalog: preview.version });
  await expect(bar(page)).toBeVisible();
  await reportingStarted(page);
  await leaveReporting(page);
  await context.close();
  const viewsOf = async () =>
    (await api<TelemetrySummary>('GET', `/telemetry/summary?remote=catalog&since=${encodeURIComponent(since)}`)).releases.find(
      (release) => release.release === preview.version,
    )?.pageViews ?? 0;
  await expect.poll(viewsOf, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
});

test('a forged, expired or withdrawn link shows the site as everyone gets it, with a notice', async ({ browser }) => {
  test.setTimeout(300_000);
  const [claims, mac] = new URL(preview.address).searchParams.get('preview')!.split('.') as [string, string];
  const forged = await freshContext(browser);
  const forgedPage = await forged.newPage();
  await open(forgedPage, `${carPath}?preview=${claims}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`);
  await expect(bar(forgedPage).getByRole('status')).toHaveText(ENDED);
  await expect(forgedPage.locator('dt', { hasText: OLD_LABEL })).toBeVisible();
  await expectAxeClean(forgedPage);
  await forged.close();

  // A link that lasts a minute: shown while it lasts; then the browser forgets it, and opened again it has ended.
  const short = printedAddress(
    (await releases(tokens.catalog, 'preview', 'catalog', '--site', SITE.shell, '--version', preview.version, '--expires', '60s', '--path', carPath)).stdout,
  );
  const expiring = await freshContext(browser);
  const expiringPage = await expiring.newPage();
  await open(expiringPage, short);
  await expect(bar(expiringPage)).toContainText(`Preview: catalog ${preview.version} · expires in less than a minute`);
  await expect.poll(async () => holds(expiring), { timeout: 120_000, intervals: [2_000] }).toBe(false);
  await expiringPage.reload();
  await expect(expiringPage.locator('dt', { hasText: OLD_LABEL })).toBeVisible();
  await expect(bar(expiringPage)).toHaveCount(0);
  await open(expiringPage, short);
  await expect(bar(expiringPage).getByRole('status')).toHaveText(ENDED);
  await expect(expiringPage.locator('dt', { hasText: OLD_LABEL })).toBeVisible();
  await expiring.close();

  // Withdrawn by the team: every link of the release ends on the next page.
  const holder = await freshContext(browser);
  const holderPage = await holder.newPage();
  await open(holderPage, preview.address);
  await expect(holderPage.locator('dt', { hasText: NEW_LABEL })).toBeVisible();
  const { stdout } = await releases(tokens.catalog, 'preview', 'catalog', '--site', SITE.shell, '--version', preview.version, '--withdraw');
  expect(stdout).toMatch(new RegExp(`^catalog ${preview.version.replaceAll('.', '\\.')}: \\d+ preview links? withdrawn`));
  // The page that finds the link withdrawn clears it, and says so once hydrated.
  await expect.poll(async () => (await holderPage.reload(), await holds(holder)), { timeout: 30_000 }).toBe(false);
  await expect(bar(holderPage).getByRole('status')).toHaveText(ENDED);
  await expect(holderPage.locator('dt', { hasText: OLD_LABEL })).toBeVisible();
  await holderPage.reload();
  await expect(bar(holderPage)).toHaveCount(0);
  await holder.close();
  expect((await statusOf('catalog', preview.version))?.reason).toBe('previews withdrawn by catalog team (previews) (catalog token)');
});

test("two remotes' previews combine in one browser, and another team's token links to its own remote only", async ({ browser }) => {
  test.setTimeout(300_000);
  // The checkout team's preview: the build its baseline set runs, published under a version of its own.
  const checkoutVersion = `0.1.0-${randomBytes(5).toString('hex')}`;
  const manifestUrl = await publishRunningBuild('checkout', checkoutVersion, tokens.checkout);
  const registered = await fetch(`${SITE.api}/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.checkout}`, 'content-type': 'application/json' },
    body: JSON.stringify({ remote: 'checkout', version: checkoutVersion, manifestUrl, preview: true }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  await expect(releases(tokens.checkout, 'preview', 'catalog', '--site', SITE.shell, '--version', preview.version)).rejects.toThrow(/403/);
  const checkoutLink = printedAddress((await releases(tokens.checkout, 'preview', 'checkout', '--site', SITE.shell, '--version', checkoutVersion)).stdout);
  const catalogLink = printedAddress(
    (await releases(tokens.catalog, 'preview', 'catalog', '--site', SITE.shell, '--version', preview.version, '--path', carPath)).stdout,
  );

  const context = await freshContext(browser);
  const page = await context.newPage();
  await open(page, catalogLink);
  await open(page, checkoutLink);
  await expect(bar(page)).toContainText(`Preview: catalog ${preview.version}`);
  await expect(bar(page)).toContainText(`Preview: checkout ${checkoutVersion}`);
  expect(await browserSet(context)).toMatchObject({ catalog: preview.manifestUrl, checkout: manifestUrl });
  await open(page, carPath);
  await expect(page.locator('dt', { hasText: NEW_LABEL })).toBeVisible();
  await context.close();
  // Nobody else's set has either.
  const other = await freshContext(browser);
  expect(await browserSet(other)).not.toMatchObject({ catalog: preview.manifestUrl });
  expect((await browserSet(other)).checkout).not.toBe(manifestUrl);
  await other.close();
});

test('the preview becomes a 10 % canary without uploading again', async ({ browser }) => {
  const { stdout } = await releases(tokens.catalog, 'promote', 'catalog', '--site', SITE.shell, '--version', preview.version, '--canary', '10');
  expect(stdout.trim()).toMatch(
    new RegExp(`^catalog ${preview.version.replaceAll('.', '\\.')} is the canary for 10 % of visitors \\(nothing uploaded; the API's preflight: `),
  );
  expect(await statusOf('catalog', preview.version)).toMatchObject({
    status: 'canary',
    share: 10,
    reason: expect.stringMatching(/^promoted from preview by /),
  });
  // A visitor in the canary's share gets it with no link at all.
  const context = await freshContext(browser);
  await context.addCookies([{ name: 'release_bucket', value: '0', url: SITE.shell }]);
  await expect.poll(async () => (await browserSet(context)).catalog, { timeout: 60_000 }).toBe(preview.manifestUrl);
  const page = await context.newPage();
  await open(page, carPath);
  await expect(page.locator('dt', { hasText: NEW_LABEL })).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  await context.close();
  await releases(tokens.catalog, 'rollback', 'catalog', '--site', SITE.shell, '--reason', 'the preview spec ends');
});
