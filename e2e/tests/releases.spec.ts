// Pipelines: shell
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from '@playwright/test';
import type { Release } from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { accessToken } from '../support/orders';
import { adminCall, backToBaselineSet, readRemotes, ROOT } from '../support/remotes';
import { startRenderServer } from '../support/renderServer';
import { DEMO, DEMO_PASSWORD, SITE, siteDir } from '../support/site';
import { reportingStarted, switchAway } from '../support/telemetry';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A team releases a rebuilt mf-catalog with the release commands (docs/releases.md): a canary
 * for half the visitors, a rollback, a token that cannot touch another remote, an admin's pin,
 * and a canary that fails rolled back on its own. Visits open a car's page: the home page is
 * rendered by the server alone and loads no catalog code, a car's page hydrates with it.
 */
test.describe.configure({ mode: 'serial' });

const NEW_LABEL = 'Price today (version two)';
const OLD_LABEL = 'Current price';
const execute = promisify(execFile);

let variant: Variant;
/** A build whose car page throws while rendering, on the server and in the browser. */
let failing: Variant;
let carPath = '';
let adminToken = '';
const tokens = { catalog: '', checkout: '' };
let canary = { version: '', manifestUrl: '' };

/** A team's release command, its deploy token in DEPLOY_TOKEN as the README has it (never on the command line). */
const releases = (token: string | null, ...args: string[]) =>
  execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), ...args], { cwd: ROOT, env: { ...process.env, DEPLOY_TOKEN: token ?? '' } });

const api = <T>(method: string, route: string, body?: unknown) => adminCall<T>(adminToken, method, route, body);

/** The catalog manifest the server rendered the page with, from the page's boot data. */
function serverCatalog(html: string): string | undefined {
  const boot = /<script[^>]*id="usedcars-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return boot ? (JSON.parse(boot) as { remotes: Record<string, string> }).remotes.catalog : undefined;
}

/** One visit: what the server rendered with, and that the page shows and loads the same version. */
async function visit(context: BrowserContext): Promise<'canary' | 'live'> {
  const page = await context.newPage();
  const entries: string[] = [];
  page.on('request', (request) => {
    if (/remoteEntry\.js/.test(request.url()) && (request.url().startsWith(SITE.catalog) || request.url().includes('/release-files/catalog/')))
      entries.push(request.url());
  });
  const html = await (await page.goto(carPath))!.text();
  // A page left for the browser (a new build's first render may miss the budget) loads the set /remotes.json returns this visitor.
  const rendered = serverCatalog(html);
  const manifest = rendered ?? ((await (await context.request.get('/remotes.json')).json()) as Record<string, string>).catalog;
  const onCanary = manifest === canary.manifestUrl;
  if (rendered) expect(html.includes(NEW_LABEL)).toBe(onCanary);
  await expect(page.locator('dt', { hasText: onCanary ? NEW_LABEL : OLD_LABEL })).toBeVisible();
  // The page hydrates the car's screen with the catalog's code: the entry it loads is the one the server used.
  await expect.poll(() => entries.length, { timeout: 60_000 }).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.startsWith(path.posix.dirname(manifest!))).toBe(true);
  await page.close();
  return onCanary ? 'canary' : 'live';
}

async function freshContext(browser: Browser, cookies: { name: string; value: string }[] = []): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: SITE.shell });
  if (cookies.length) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: SITE.shell })));
  return context;
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(900_000);
  // The car's price list (the car's page and the cards render it with one component).
  const prices = (catalog: string) => path.join(catalog, 'src', 'components', 'CarPrices.tsx');
  variant = buildCatalogVariant('release', [], (catalog) => replaceIn(prices(catalog), `<dt>${OLD_LABEL}</dt>`, `<dt>${NEW_LABEL}</dt>`));
  failing = buildCatalogVariant('release-failing', [], (catalog) => {
    const broken = `<dt>{(() => { throw new Error('this canary cannot show a price'); })()}</dt>`;
    replaceIn(prices(catalog), `<dt>${OLD_LABEL}</dt>`, broken);
  });
  const request = await playwright.request.newContext({ baseURL: SITE.shell });
  const seller = await newAccount(request, 'Seller');
  carPath = `/audis/${await listCar(request, seller, { carName: `Audi Q3 release ${seller.id.slice(0, 8)}` })}`;
  await request.dispose();
  const page = await browser.newPage({ baseURL: SITE.shell });
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  adminToken = await accessToken(page);
  await page.close();
  // The README's first step while the site runs: the command asks the running API, signed in as the demo admin.
  const made = await execute(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/cli/deploy-token.ts', '--remote', 'catalog', '--name', 'catalog team'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, DATA_DIR: path.dirname(siteDir()) },
  });
  expect(made.stderr).toMatch(/^deploy token "catalog team" for catalog \(id [0-9a-f-]+\), made by admin@usedcars\.test through the API at /);
  tokens.catalog = made.stdout.trim();
  tokens.checkout = (await api<{ token: string }>('POST', '/deploy-tokens', { name: 'checkout team', remote: 'checkout' })).token;
});

test.afterAll(async () => {
  variant?.remove();
  failing?.remove();
  // Whatever failed, the specs after this one find every remote on its baseline set.
  if (adminToken) await backToBaselineSet({ Authorization: `Bearer ${adminToken}` });
});

test('a 50 % canary splits fresh visitors, each keeps their version, and the server and the page agree', async ({ browser, request }) => {
  test.setTimeout(1_200_000);
  await releases(tokens.catalog, 'release', 'catalog', '--site', SITE.shell, '--dist', variant.dist, '--canary', '50');
  const live = await api<{ remotes: Record<string, { canary: { version: string; manifestUrl: string } | null }> }>('GET', '/releases/live');
  canary = live.remotes.catalog!.canary!;
  await expect.poll(async () => serverCatalog(await (await request.get(carPath, { headers: { cookie: 'release_bucket=0' } })).text())).toBe(canary.manifestUrl);

  const seen = { canary: 0, live: 0 };
  for (let visitor = 0; visitor < 40; visitor += 1) {
    const context = await freshContext(browser);
    const first = await visit(context);
    expect(await visit(context)).toBe(first);
    seen[first] += 1;
    await context.close();
  }
  expect(seen.canary).toBeGreaterThanOrEqual(10);
  expect(seen.canary).toBeLessThanOrEqual(30);
});

test('a rollback reaches the next page load of two render servers side by side within 2 s', async ({ browser }) => {
  const context = await freshContext(browser, [{ name: 'release_bucket', value: '0' }]);
  // A second render server beside the site's, reading the same registry: both must follow the rollback.
  const second = await startRenderServer(readRemotes(), { RENDER_WORKERS: '1' });
  const renderedBy = async (origin: string) => serverCatalog(await (await context.request.get(`${origin}${carPath}`)).text());
  try {
    expect(await visit(context)).toBe('canary');
    await expect.poll(() => renderedBy(second.origin), { timeout: 30_000 }).toBe(canary.manifestUrl);
    await releases(tokens.catalog, 'rollback', 'catalog', '--site', SITE.shell, '--reason', 'the price label looks wrong');
    await Promise.all(
      [SITE.shell, second.origin].map((origin) =>
        expect.poll(async () => (await renderedBy(origin)) === canary.manifestUrl, { timeout: 2_000, intervals: [100] }).toBe(false),
      ),
    );
    expect(await visit(context)).toBe('live');
  } finally {
    await second.stop();
    await context.close();
  }
});

test("a team's token cannot touch another remote", async () => {
  const before = await api<unknown[]>('GET', '/releases?remote=checkout');
  await expect(releases(tokens.catalog, 'rollback', 'checkout', '--site', SITE.shell)).rejects.toThrow(/403 This deploy token releases catalog, not checkout/);
  await expect(releases(tokens.catalog, 'release', 'checkout', '--api', SITE.api, '--dist', variant.dist)).rejects.toThrow(/403/);
  expect(await api<unknown[]>('GET', '/releases?remote=checkout')).toEqual(before);
});

test('the same build released again after its rollback is the canary again, with nothing uploaded, and says so', async () => {
  const { stdout } = await releases(tokens.catalog, 'release', 'catalog', '--site', SITE.shell, '--dist', variant.dist, '--canary', '50');
  expect(stdout.trim()).toMatch(
    new RegExp(
      `^catalog ${canary.version.replaceAll('.', '\\.')} is this very build, registered on .+ UTC: nothing uploaded; it is the canary for 50 % of visitors again$`,
    ),
  );
  const live = await api<{ remotes: Record<string, { canary: { version: string; manifestUrl: string } | null }> }>('GET', '/releases/live');
  expect(live.remotes.catalog?.canary).toEqual({ ...canary, share: 50 });
  await releases(tokens.catalog, 'rollback', 'catalog', '--site', SITE.shell, '--reason', 'released again only to try it');
});

test('the baseline set stays the build the site started with: a file written into mf-catalog/dist afterwards is not served', async ({ request }) => {
  const probe = `release-probe-${Date.now()}.txt`;
  const file = path.join(ROOT, 'mf-catalog', 'dist', probe);
  writeFileSync(file, 'written after the start');
  try {
    expect((await request.get(`${SITE.catalog}/${probe}`)).status()).toBe(404);
    expect((await request.get(`${SITE.catalog}/mf-manifest.json`)).status()).toBe(200);
  } finally {
    rmSync(file, { force: true });
  }
});

test("an admin's pin affects only that browser, and a forged one nothing", async ({ browser }) => {
  const { pin } = await api<{ pin: string }>('POST', '/releases/pin', { remote: 'catalog', version: canary.version });
  const pinned = await freshContext(browser, [{ name: 'release_pin', value: pin }]);
  const other = await freshContext(browser);
  const forged = await freshContext(browser, [{ name: 'release_pin', value: `${pin.slice(0, -2)}xx` }]);
  expect(await visit(pinned)).toBe('canary');
  expect(await visit(other)).toBe('live');
  expect(await visit(forged)).toBe('live');
  await Promise.all([pinned.close(), other.close(), forged.close()]);
});

test('a canary that throws while rendering is rolled back automatically after enough views', async ({ browser }) => {
  test.setTimeout(600_000);
  await releases(tokens.catalog, 'release', 'catalog', '--site', SITE.shell, '--dist', failing.dist, '--canary', '50');
  canary = (await api<{ remotes: Record<string, { canary: { version: string; manifestUrl: string } | null }> }>('GET', '/releases/live')).remotes.catalog!
    .canary!;
  const context = await freshContext(browser, [{ name: 'release_bucket', value: '0' }]);
  // Asked of /remotes.json, not of a page: every page rendered on the canary counts towards its rollback.
  await expect.poll(async () => ((await (await context.request.get('/remotes.json')).json()) as Record<string, string>).catalog).toBe(canary.manifestUrl);
  const statusNow = async () => (await api<Release[]>('GET', '/releases?remote=catalog')).find((release) => release.version === canary.version);
  // Visitors on the canary see the error screen; their pages and the render server report it.
  for (let visit = 0; visit < 40 && (await statusNow())?.status === 'canary'; visit += 1) {
    const page = await context.newPage();
    await page.goto(carPath);
    await page.goto('about:blank');
    await page.close();
  }
  await expect.poll(async () => (await statusNow())?.status, { timeout: 30_000 }).toBe('rolled_back');
  // On the render server's own counts: this test's visitors all come from one network, which alone can never roll a canary back.
  expect((await statusNow())?.reason).toMatch(
    /^rolled back by automatic: render failures \(screens that threw, builds not loaded\) \d+\.\d % over \d+ renders, baseline set /,
  );
  const { stdout } = await releases(tokens.catalog, 'list', '--site', SITE.shell, '--remote', 'catalog');
  expect(stdout).toMatch(new RegExp(`${canary.version.replaceAll('.', '\\.')} .*rolled back \\(rolled back by automatic: `));
  // The next load is back on the baseline set.
  await expect
    .poll(async () => serverCatalog(await (await context.request.get(carPath)).text()) === canary.manifestUrl, { timeout: 2_000, intervals: [100] })
    .toBe(false);
  expect(await visit(context)).toBe('live');
  await context.close();
});

test("the failing canary's errors are in the summary in words, its pages' frames at the source's file and line", async ({ browser }) => {
  const since = new Date(Date.now() - 30 * 60_000).toISOString();
  const groupsOf = async () =>
    (await api<TelemetrySummary>('GET', `/telemetry/summary?remote=catalog&since=${encodeURIComponent(since)}`)).releases.find(
      (release) => release.release === canary.version,
    )?.errorGroups ?? [];
  // The render server reported each render that threw, with the words of what was thrown.
  await expect
    .poll(async () => (await groupsOf()).find((group) => group.kind === 'render_failed'), { timeout: 15_000 })
    .toMatchObject({ message: 'this canary cannot show a price', screen: 'catalog/CarDetailPage' });
  // An admin pinned to the rolled-back release opens the car, and the page reports what its screen threw.
  const { pin } = await api<{ pin: string }>('POST', '/releases/pin', { remote: 'catalog', version: canary.version });
  const context = await freshContext(browser, [{ name: 'release_pin', value: pin }]);
  const page = await context.newPage();
  await page.goto(carPath);
  await reportingStarted(page);
  // The screen throws once its module has run in the browser: the report is sent after the visitor has seen the error.
  await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${SITE.api}/telemetry`);
  await switchAway(page, false);
  await sent;
  await context.close();
  await expect
    .poll(async () => (await groupsOf()).find((group) => group.kind === 'boundary'), { timeout: 30_000 })
    .toMatchObject({ message: 'this canary cannot show a price', screen: 'catalog/CarDetailPage' });
  const [top] = (await groupsOf()).find((group) => group.kind === 'boundary')!.frames;
  // The frame is in the release's own chunk, and `npm run release` uploaded its source map: the API shows where it is in the source.
  expect(top?.file).toContain(`/release-files/catalog/${canary.version}/`);
  expect(top?.original).toMatchObject({ file: 'src/components/CarPrices.tsx', line: expect.any(Number) });
});
