import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from '@playwright/test';
import type { CanaryAnalysis, LiveSet, Release } from '@usedcars/shared-contract';
import { expect, test } from '../support/test';
import { adminAccessToken, logIn } from '../support/auth';
import { ROOT, backToFirstSet, newDeployToken } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, SITE, siteDir } from '../support/site';
import { reportingStarted } from '../support/telemetry';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A canary judged and acted on by the site itself (docs/releases.md, "The verdict", "The ramp",
 * "Being told"): one whose home page throws once hydrated is rolled back and the admins are
 * mailed; a healthy one with a ramp steps up and is promoted. Visitors land on the home page,
 * which everyone else gets as static markup: the canary's visitors run its code there.
 */
test.describe.configure({ mode: 'serial' });

const execute = promisify(execFile);
const HOME_THROWS = 'this canary cannot show the home page';

let failing: Variant;
let ramped: Variant;
let adminToken = '';
let deployToken = '';

const releases = (...args: string[]) =>
  execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), ...args], { cwd: ROOT, env: { ...process.env, DEPLOY_TOKEN: deployToken } });

async function api<T>(route: string): Promise<T> {
  const response = await fetch(`${SITE.api}${route}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.ok, route).toBe(true);
  return (await response.json()) as T;
}
const statusOf = async (version: string) => (await api<Release[]>('/releases?remote=catalog')).find((release) => release.version === version);
const canaryNow = async () => (await api<LiveSet>('/releases/live')).remotes.catalog?.canary ?? null;

/** Mails the catcher wrote into the data folder (docs/operations.md, "Alert mails"). */
function caughtMails(): { to: string[]; subject: string; text: string }[] {
  const dir = path.join(path.dirname(siteDir()), 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; subject: string; text: string });
}

/** The catalog manifest the server rendered the page with, from the page's boot data. */
function serverCatalog(html: string): string | undefined {
  const boot = /<script[^>]*id="usedcars-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return boot ? (JSON.parse(boot) as { remotes: Record<string, string> }).remotes.catalog : undefined;
}

async function canaryVisitor(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: SITE.shell });
  await context.addCookies([{ name: 'release_bucket', value: '0', url: SITE.shell }]);
  return context;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(900_000);
  const home = (catalog: string) => path.join(catalog, 'src', 'features', 'home', 'HomePage.tsx');
  failing = buildCatalogVariant('verdict-failing', [], (catalog) => {
    replaceIn(
      home(catalog),
      `import styled from 'styled-components';`,
      `import { useEffect, useState } from 'react';\nimport styled from 'styled-components';`,
    );
    // Rendered on the server as always; it throws only once the page has hydrated it.
    replaceIn(
      home(catalog),
      `usePageTitle('Used Cars');`,
      `usePageTitle('Used Cars');\n  const [hydrated, setHydrated] = useState(false);\n  useEffect(() => setHydrated(true), []);\n  if (hydrated) throw new Error('${HOME_THROWS}');`,
    );
  });
  ramped = buildCatalogVariant('verdict-ramp', [], (catalog) => replaceIn(home(catalog), `usePageTitle('Used Cars');`, `usePageTitle('Used Cars for sale');`));
  adminToken = await adminAccessToken(browser);
  deployToken = await newDeployToken(adminToken, 'catalog', 'catalog verdict team');
});

test.afterAll(async () => {
  failing?.remove();
  ramped?.remove();
  if (adminToken) await backToFirstSet({ Authorization: `Bearer ${adminToken}` });
});

test('a canary whose home page throws once hydrated is rolled back within 2 minutes of its visits, and the admin is mailed', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(600_000);
  await releases('release', 'catalog', '--site', SITE.shell, '--dist', failing.dist, '--canary', '50');
  const canary = (await canaryNow())!;
  const context = await canaryVisitor(browser);
  await expect.poll(async () => ((await (await context.request.get('/remotes.json')).json()) as Record<string, string>).catalog).toBe(canary.manifestUrl);

  const started = Date.now();
  let views = 0;
  // Visitors land on the home page; each page sends its reports when it is left.
  for (; views < 50 && (await statusOf(canary.version))?.status === 'canary'; views += 1) {
    const page = await context.newPage();
    const html = await (await page.goto('/'))!.text();
    // Rolled back meanwhile: this visitor got the first set's home page.
    if (serverCatalog(html) !== canary.manifestUrl) break;
    // The server sent the hero; the canary's code, hydrated, throws and takes it away.
    await expect(page.locator('#home-hero-heading')).toHaveCount(0, { timeout: 30_000 });
    // Only the catalog's screen failed: the site's navigation stays around its error.
    if (views === 0) {
      await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
    await page.goto('about:blank');
    await page.close();
  }
  await expect.poll(async () => (await statusOf(canary.version))?.status, { timeout: Math.max(1_000, started + 120_000 - Date.now()) }).toBe('rolled_back');
  console.log(`rolled back ${((Date.now() - started) / 1000).toFixed(1)} s after the first of ${views} visits`);
  expect((await statusOf(canary.version))?.reason).toMatch(/^rolled back by automatic: error rate \d+\.\d % over \d+ page views, first set \d+\.\d %/);
  await context.close();

  // The outbox sends within its 10 s poll; the catcher keeps each mail as a file.
  const subject = `catalog ${canary.version} was rolled back automatically`;
  await expect.poll(() => caughtMails().filter((mail) => mail.subject === subject && mail.to.includes(DEMO.admin)).length, { timeout: 60_000 }).toBe(1);
  const mail = caughtMails().find((mail) => mail.subject === subject && mail.to.includes(DEMO.admin))!;
  expect(mail.text).toContain(`The canary catalog ${canary.version} (50 % of visitors) was rolled back automatically: error rate`);
  expect(mail.text).toMatch(/^http:\/\/[\w.]+:\d+\/dashboard\/releases$/m);
  const { stdout } = await releases('list', '--site', SITE.shell, '--remote', 'catalog');
  expect(stdout).toContain(`${canary.version}`);
  expect(stdout).toMatch(/rolled back \(rolled back by automatic: error rate/);

  // The team reads what broke on the Releases screen: the message, grouped, with its count.
  await logIn(admin, DEMO.admin, DEMO_PASSWORD);
  await admin.goto('/dashboard/releases');
  const catalog = admin.getByRole('region', { name: 'catalog The car catalog' });
  const errors = catalog.getByRole('region', { name: 'catalog: top errors by release' });
  const group = errors.getByRole('listitem').filter({ hasText: HOME_THROWS });
  await expect(group).toBeVisible({ timeout: 30_000 });
  // Count, screen, first seen, last seen: the count is every visit whose report arrived.
  await expect(group.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
});

test('a healthy canary with a ramp steps up and is promoted on its own, and --watch shows it', async ({ browser }) => {
  test.setTimeout(600_000);
  const { stdout } = await releases('release', 'catalog', '--site', SITE.shell, '--dist', ramped.dist, '--ramp', '10,50,100', '--every', '5s');
  expect(stdout.trim().split('\n').at(-1)).toMatch(/is the canary for 10 % of visitors, ramping 10 → 50 → 100 % every 5 s while healthy/);
  const canary = (await canaryNow())!;
  expect(canary.share).toBe(10);

  // `npm run releases -- --watch`, as a team leaves it running, until Ctrl-C.
  const watch = spawn(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), 'list', '--site', SITE.shell, '--remote', 'catalog', '--watch'], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_TOKEN: deployToken },
  });
  let watched = '';
  watch.stdout.on('data', (chunk: Buffer) => (watched += chunk.toString()));
  const shares = new Set<number>();
  const sharesSeen = setInterval(() => void canaryNow().then((now) => now && shares.add(now.share)), 200);
  try {
    await expect
      .poll(() => watched, { timeout: 30_000 })
      .toMatch(new RegExp(`catalog ${canary.version.replaceAll('.', '\\.')} at 10 % \\(ramp 10 → 50 → 100 %.*\\): undecided: \\d+ of 6 views`));

    // A signed-in visitor's pages are rendered for them every time: page views and renders both.
    // They keep visiting, as real visitors would, until the ramp has promoted the canary.
    const context = await canaryVisitor(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    const deadline = Date.now() + 120_000;
    let visits = 0;
    for (; Date.now() < deadline && (await statusOf(canary.version))?.status === 'canary'; visits += 1) {
      await page.goto('/');
      await expect(page.locator('#home-hero-heading')).toBeVisible();
      // A page reports its view when left, once its reporting code runs: a visitor who stays that long.
      await reportingStarted(page);
      await page.goto('about:blank');
    }
    await context.close();
    console.log(`promoted after ${visits} visits`);
    expect((await statusOf(canary.version))?.status).toBe('live');
    expect(await statusOf(canary.version)).toMatchObject({ reason: 'promoted by automatic ramp' });
    expect([...shares]).toEqual([10, 50]);
    await expect.poll(() => watched, { timeout: 15_000 }).toMatch(/healthy: within the margins of the first set over \d+ page views and \d+ renders/);
  } finally {
    await test.info().attach('releases --watch', { body: watched, contentType: 'text/plain' });
    clearInterval(sharesSeen);
    watch.kill('SIGINT');
  }
  expect(await new Promise((resolve) => watch.once('exit', resolve))).toBe(0);
  expect(await api<CanaryAnalysis[]>('/releases/analysis?remote=catalog')).toEqual([]);
});
