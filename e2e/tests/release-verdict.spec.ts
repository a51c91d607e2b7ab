// Pipelines: shell, dashboard
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from '@playwright/test';
import type { CanaryAnalysis, LiveSet, Release } from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { expect, test } from '../support/test';
import { adminAccessToken, logIn } from '../support/auth';
import { type VisitorNetwork, visitorFrom } from '../support/networks';
import { ROOT, backToBaselineSet, newDeployToken } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, SITE, siteDir } from '../support/site';
import { leaveReporting, reportingStarted } from '../support/telemetry';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A canary judged and acted on by the site itself (docs/releases.md, "The verdict", "The ramp",
 * "Being told"): one whose home page throws once hydrated is rolled back and the admins are
 * mailed; a sound one with a ramp, released while the render server is busy, steps up and is
 * promoted; a dashboard release is not judged on the screens rendered in the browser by design.
 * Visitors come from networks of their own (support/networks.ts): the verdict acts on browser
 * reports from 4 networks here. They land on the home page, which everyone else gets as static
 * markup: the canary's visitors run its code there.
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

/** A canary visitor (bucket 0) from the nth network of its own. */
const canaryVisitor = (browser: Browser, network: number): Promise<VisitorNetwork> =>
  visitorFrom(browser, `127.0.${10 + Math.floor(network / 200)}.${(network % 200) + 2}`, [{ name: 'release_bucket', value: '0' }]);

/** Car pages for both halves of the visitors, a dozen at a time, until stopped: the render server is busy meanwhile. */
function loadOnTheRenderServer(cars: string[]): { stop: () => Promise<number> } {
  let running = true;
  let pages = 0;
  const workers = Array.from({ length: 12 }, async (_, worker) => {
    for (let at = worker; running; at += 1) {
      const response = await fetch(`${SITE.shell}${cars[at % cars.length]}`, { headers: { cookie: `release_bucket=${at % 2 === 0 ? 5 : 95}` } }).catch(
        () => null,
      );
      await response?.arrayBuffer();
      pages += 1;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return pages;
    },
  };
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
  if (adminToken) await backToBaselineSet({ Authorization: `Bearer ${adminToken}` });
});

test('a canary whose home page throws once hydrated is rolled back once visitors of 4 networks saw it, and the admin is mailed', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(600_000);
  await releases('release', 'catalog', '--site', SITE.shell, '--dist', failing.dist, '--canary', '50');
  const canary = (await canaryNow())!;
  const started = Date.now();
  let visitors = 0;
  // Each visitor from a network of their own lands on the home page; the page reports when it is left.
  for (; visitors < 12 && (await statusOf(canary.version))?.status === 'canary'; visitors += 1) {
    const visitor = await canaryVisitor(browser, visitors);
    try {
      await expect
        .poll(async () => ((await (await visitor.context.request.get('/remotes.json')).json()) as Record<string, string>).catalog)
        .toBe(canary.manifestUrl);
      const page = await visitor.context.newPage();
      const html = await (await page.goto('/'))!.text();
      // Rolled back meanwhile: this visitor got the baseline set's home page.
      if (serverCatalog(html) !== canary.manifestUrl) break;
      // The server sent the hero; the canary's code, hydrated, throws and takes it away.
      await expect(page.locator('#home-hero-heading')).toHaveCount(0, { timeout: 30_000 });
      if (visitors === 0) {
        // Only the catalog's screen failed: the site's navigation stays around its error, and no link leads back to this same page.
        await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
      }
      await reportingStarted(page);
      await leaveReporting(page);
      await page.close();
    } finally {
      await visitor.close();
    }
  }
  await expect
    .poll(async () => (await statusOf(canary.version))?.status, { timeout: 60_000 })
    .toBe('rolled_back')
    .catch(async (error: unknown) => {
      // What the verdict saw instead, for whoever reads the failure.
      await test
        .info()
        .attach('the analysis', { body: JSON.stringify(await api('/releases/analysis?remote=catalog'), null, 2), contentType: 'application/json' });
      throw error;
    });
  console.log(`rolled back ${((Date.now() - started) / 1000).toFixed(1)} s after the first of ${visitors} visitors`);
  // Acted on as soon as enough networks stood behind the errors: the fourth visitor's, or the one right after.
  expect(visitors).toBeLessThanOrEqual(6);
  expect((await statusOf(canary.version))?.reason).toMatch(
    /^rolled back by automatic: error rate \d+\.\d % over \d+ page views from \d+ networks, baseline set \d+\.\d %/,
  );

  // The outbox sends within its 10 s poll; the catcher keeps each mail as a file.
  const subject = `catalog ${canary.version} was rolled back automatically`;
  await expect.poll(() => caughtMails().filter((mail) => mail.subject === subject && mail.to.includes(DEMO.admin)).length, { timeout: 60_000 }).toBe(1);
  const mail = caughtMails().find((mail) => mail.subject === subject && mail.to.includes(DEMO.admin))!;
  await test.info().attach('the rollback mail', { body: mail.text, contentType: 'text/plain' });
  expect(mail.text).toContain(`The canary catalog ${canary.version} (50 % of visitors) was rolled back automatically: error rate`);
  expect(mail.text).toMatch(/^- failing: error rate/m);
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
  // Count, networks, screen, first seen, last seen: the count is every visit whose report arrived.
  await expect(group.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
});

test('a sound canary released while the render server is busy is not rolled back, and its ramp promotes it; --watch says so', async ({ browser }) => {
  test.setTimeout(900_000);
  const cars: string[] = [];
  for (const brand of ['audis', 'hondas', 'mercedess'])
    cars.push(...((await (await fetch(`${SITE.api}/${brand}?limit=30`)).json()) as { _id: string }[]).map((car) => `/${brand}/${car._id}`));
  // The load runs from before the release: its first renders, on every worker, meet a busy machine.
  const load = loadOnTheRenderServer(cars);
  let watch: ReturnType<typeof spawn> | undefined;
  let watched = '';
  const shares = new Set<number>();
  let sharesSeen: NodeJS.Timeout | undefined;
  try {
    const { stdout } = await releases('release', 'catalog', '--site', SITE.shell, '--dist', ramped.dist, '--ramp', '10,50,100', '--every', '5s');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/is the canary for 10 % of visitors, ramping 10 → 50 → 100 % every 5 s while healthy/);
    const canary = (await canaryNow())!;
    expect(canary.share).toBe(10);

    // `npm run releases -- --watch`, as a team leaves it running, until Ctrl-C.
    watch = spawn(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), 'list', '--site', SITE.shell, '--remote', 'catalog', '--watch'], {
      cwd: ROOT,
      env: { ...process.env, DEPLOY_TOKEN: deployToken },
    });
    watch.stdout!.on('data', (chunk: Buffer) => (watched += chunk.toString()));
    sharesSeen = setInterval(() => void canaryNow().then((now) => now && shares.add(now.share)), 200);
    await expect
      .poll(() => watched, { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `catalog ${canary.version.replaceAll('.', '\\.')} at 10 % \\(ramp 10 → 50 → 100 %.*\\): undecided: \\d+ page views from \\d+ (of 4 )?networks`,
        ),
      );

    // Visitors of the canary from six networks browse the catalog's screens by its menu until the ramp has promoted it.
    const deadline = Date.now() + 420_000;
    let views = 0;
    for (let network = 0; Date.now() < deadline && (await statusOf(canary.version))?.status === 'canary'; network = (network + 1) % 6) {
      const visitor = await canaryVisitor(browser, 100 + network);
      try {
        const page = await visitor.context.newPage();
        await page.goto('/');
        await expect(page.locator('#home-hero-heading')).toBeVisible();
        await reportingStarted(page);
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const [name, address] of [
          ['Blogs', /\/blogs$/],
          ['About Us', /\/about$/],
          ['Blogs', /\/blogs$/],
          ['About Us', /\/about$/],
        ] as const) {
          await nav.getByRole('link', { name }).click();
          await expect(page).toHaveURL(address);
          views += 1;
        }
        await leaveReporting(page);
        await page.close();
      } finally {
        await visitor.close();
      }
    }
    console.log(`promoted after ${views} page views by the menu, and ${await load.stop()} pages of load`);
    const promoted = await statusOf(canary.version);
    expect(promoted).toMatchObject({ status: 'live', reason: 'promoted by automatic ramp' });
    expect([...shares]).toEqual([10, 50]);
    await expect
      .poll(() => watched, { timeout: 15_000 })
      .toMatch(/healthy: within the margins of the baseline set over \d+ page views from \d+ networks, \d+ renders/);
    // Once it is gone, the watch says what became of it.
    await expect
      .poll(() => watched, { timeout: 15_000 })
      .toContain(`catalog ${canary.version} is live since ${promoted!.updatedAt.slice(0, 16).replace('T', ' ')} UTC (promoted by automatic ramp)`);
  } finally {
    await load.stop();
    clearInterval(sharesSeen);
    await test.info().attach('releases --watch', { body: watched, contentType: 'text/plain' });
    watch?.kill('SIGINT');
  }
  if (watch) expect(await new Promise((resolve) => watch!.once('exit', resolve))).toBe(0);
  expect(await api<CanaryAnalysis[]>('/releases/analysis?remote=catalog')).toEqual([]);
});

test('a dashboard release is not judged on the screens rendered in the browser by design', async ({ browser }) => {
  test.setTimeout(600_000);
  const dashboardToken = await newDeployToken(adminToken, 'dashboard', 'dashboard verdict team');
  const builds = mkdtempSync(path.join(os.tmpdir(), 'verdict-dashboard-'));
  cpSync(path.join(ROOT, 'mf-dashboard', 'dist'), builds, { recursive: true });
  // The very same code, a release of its own.
  writeFileSync(path.join(builds, 'notes.txt'), 'the dashboard, released again as a canary\n');
  const context = await browser.newContext({ baseURL: SITE.shell });
  try {
    await execute(
      process.execPath,
      [path.join(ROOT, 'scripts', 'releases.mjs'), 'release', 'dashboard', '--api', SITE.api, '--dist', builds, '--canary', '50'],
      {
        cwd: ROOT,
        env: { ...process.env, DEPLOY_TOKEN: dashboardToken },
      },
    );
    const canary = (await api<LiveSet>('/releases/live')).remotes.dashboard!.canary!;
    await context.addCookies([{ name: 'release_bucket', value: '0', url: SITE.shell }]);
    const page = await context.newPage();
    await logIn(page, DEMO.admin, DEMO_PASSWORD);
    await expect.poll(async () => ((await (await context.request.get('/remotes.json')).json()) as Record<string, string>).dashboard).toBe(canary.manifestUrl);
    // The admin's screens the server leaves to the browser by design, each loaded afresh.
    for (let round = 0; round < 3; round += 1)
      for (const [address, heading] of [
        ['/dashboard/reports', 'Reports'],
        ['/dashboard/auditLog', 'Audit log'],
      ] as const) {
        await page.goto(address);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      }
    const summary = async () =>
      (await api<TelemetrySummary>('/telemetry/summary?remote=dashboard')).releases.find((release) => release.release === canary.version);
    // The render server counted each as left to the browser by design…
    await expect.poll(async () => (await summary())?.fallbacksByReason.browser_only ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    // …which is neither a render nor a fallback: not the canary's failure.
    expect(await summary()).toMatchObject({ renderFallbacks: 0 });
    const [analysis] = await api<CanaryAnalysis[]>('/releases/analysis?remote=dashboard');
    expect(analysis).toMatchObject({ verdict: expect.not.stringMatching(/failing/), numbers: { canary: { renderFallbacks: 0, renderFailures: 0 } } });
    expect(analysis!.checks.find((check) => check.check === 'render_failures')?.state).not.toBe('failing');
    expect((await api<Release[]>('/releases?remote=dashboard')).find((release) => release.version === canary.version)?.status).toBe('canary');
  } finally {
    await context.close();
    rmSync(builds, { recursive: true, force: true });
  }
});
