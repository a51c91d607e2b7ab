// Pipelines: shell
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Release } from '@usedcars/shared-contract';
import { expect, test } from '../support/test';
import { logIn } from '../support/auth';
import { accessToken } from '../support/orders';
import { adminCall, backToBaselineSet, ROOT } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, OPS_TOKENS, SITE, siteDir } from '../support/site';

/**
 * Two builds of one remote on one render server under a crowd (docs/architecture.md, "Two builds
 * of one remote"): the catalog's own build released live, then again with one text file more as a
 * 50 % canary, and a dozen connections asking for car pages for both halves of the visitors at once.
 */
test.describe.configure({ mode: 'serial' });

const execute = promisify(execFile);
const CONNECTIONS = 12;
let adminToken = '';
let deployToken = '';
let builds = '';
const carPaths: string[] = [];
/** A car the crowd never asks for: polled until the new set shows, so the crowd's pages are all still to render. */
let probePath = '';

const api = <T>(method: string, route: string, body?: unknown) => adminCall<T>(adminToken, method, route, body);

/** The team's release command, with the token in DEPLOY_TOKEN as the README shows. */
const release = (dist: string, ...args: string[]) =>
  execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), 'release', 'catalog', '--api', SITE.api, '--dist', dist, ...args], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_TOKEN: deployToken },
  });

/** The catalog manifest a page was rendered with, from its boot data. */
function bootCatalog(html: string): string | undefined {
  const boot = /<script[^>]*id="usedcars-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return boot ? (JSON.parse(boot) as { remotes: Record<string, string> }).remotes.catalog : undefined;
}

/** The catalog manifest a car's page is rendered with for a visitor in this bucket. */
const renderedWith = async (carPath: string, bucket: number) =>
  bootCatalog(await (await fetch(`${SITE.shell}${carPath}`, { headers: { cookie: `release_bucket=${bucket}` } })).text());

/**
 * Every car page asked for by a dozen connections at once, half the cars by visitors of one bucket and half by the
 * other's (the same rendering work as with one set for everyone): how each response was made, and which pages
 * (address and bucket) were made for the crowd rather than found in a cache.
 */
async function crowd(): Promise<{ rendered: number; browser: number; cached: number; made: Set<string> }> {
  const counts = { rendered: 0, browser: 0, cached: 0 };
  const made = new Set<string>();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      for (let at = 0; at < carPaths.length; at += 1) {
        const index = (at + connection * 7) % carPaths.length;
        const carPath = carPaths[index]!;
        const bucket = index % 2 === 0 ? 5 : 95;
        const response = await fetch(`${SITE.shell}${carPath}`, { headers: { cookie: `release_bucket=${bucket}` } });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        const timing = response.headers.get('server-timing') ?? '';
        const how = timing.includes('desc="browser"') ? 'browser' : timing.includes('render;dur') ? 'rendered' : 'cached';
        counts[how] += 1;
        if (how !== 'cached') made.add(`${carPath} ${bucket}`);
      }
    }),
  );
  return { ...counts, made };
}

/** The catalog's pages the render server left to the browser so far, by why (its /metrics, summed over releases and workers). */
async function catalogFallbacks(): Promise<Map<string, number>> {
  const text = await (await fetch(`${SITE.shell}/metrics`, { headers: { Authorization: `Bearer ${OPS_TOKENS.metrics}` } })).text();
  const byReason = new Map<string, number>();
  for (const [, reason, count] of text.matchAll(/^render_pages_total\{remote="catalog",[^}]*outcome="browser",reason="([^"]*)"[^}]*\} (\d+)$/gm)) {
    byReason.set(reason!, (byReason.get(reason!) ?? 0) + Number(count));
  }
  return byReason;
}

/** Left to the browser since `before` for a reason other than time (the render budget, a full queue), which a busy machine explains. */
const notForTime = (before: Map<string, number>, after: Map<string, number>) =>
  Object.fromEntries(
    [...after]
      .filter(([reason]) => reason !== 'budget' && reason !== 'queue_full')
      .map(([reason, count]) => [reason, count - (before.get(reason) ?? 0)])
      .filter(([, count]) => count !== 0),
  );

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await browser.newPage({ baseURL: SITE.shell });
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  adminToken = await accessToken(page);
  await page.close();
  deployToken = (await api<{ token: string }>('POST', '/deploy-tokens', { name: 'catalog crowd', remote: 'catalog' })).token;
  builds = mkdtempSync(path.join(os.tmpdir(), 'canary-crowd-'));
  cpSync(path.join(ROOT, 'mf-catalog', 'dist'), path.join(builds, 'live'), { recursive: true });
  cpSync(path.join(ROOT, 'mf-catalog', 'dist'), path.join(builds, 'canary'), { recursive: true });
  // The very same code: only a file no page reads tells the two releases apart.
  writeFileSync(path.join(builds, 'canary', 'notes.txt'), 'the same build, released again as a canary\n');
  for (const brand of ['audis', 'hondas', 'mercedess']) {
    const cars = (await (await fetch(`${SITE.api}/${brand}?limit=17`)).json()) as { _id: string }[];
    carPaths.push(...cars.slice(0, 16).map((car) => `/${brand}/${car._id}`));
    probePath ||= `/${brand}/${cars[16]!._id}`;
  }
});

test.afterAll(async () => {
  if (adminToken) await backToBaselineSet({ Authorization: `Bearer ${adminToken}` });
  if (builds) rmSync(builds, { recursive: true, force: true });
});

test('a 50 % canary of the same build under a crowd: both halves rendered with their own build, no page lost for want of one, and the canary stays', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const logFile = path.join(siteDir(), 'logs', 'shell.log');
  const logBefore = readFileSync(logFile, 'utf8').length;

  await release(path.join(builds, 'live'));
  const live = (await api<{ remotes: Record<string, { live: { manifestUrl: string } | null }> }>('GET', '/releases/live')).remotes.catalog!.live!;
  await expect.poll(() => renderedWith(probePath, 95)).toBe(live.manifestUrl);

  await release(path.join(builds, 'canary'), '--canary', '50');
  const canary = (await api<{ remotes: Record<string, { canary: { version: string; manifestUrl: string } | null }> }>('GET', '/releases/live')).remotes.catalog!
    .canary!;
  await expect.poll(() => renderedWith(probePath, 5)).toBe(canary.manifestUrl);
  const fallbacksBefore = await catalogFallbacks();
  const withCanary = await crowd();
  const fallbacksAfter = await catalogFallbacks();
  const { made, ...responses } = withCanary;
  test.info().annotations.push({
    type: 'responses',
    description: JSON.stringify({ ...responses, fallbacks: Object.fromEntries(fallbacksAfter) }),
  });

  // Both halves rendered their own build: a new set empties the page cache, so every car's page was made again, half
  // of them for the canary's bucket. (How many responses shared a render, or were found in one of the workers' caches,
  // depends on timing; which pages were made does not.)
  expect(made.size).toBe(carPaths.length);
  expect([...made].filter((page) => page.endsWith(' 5'))).toHaveLength(carPaths.length / 2);
  // Two builds side by side cost no page its render: whatever was left to the browser meanwhile was for want of time
  // on a busy machine (how fast is bench:render's to say), never a build that could not be loaded or a screen that threw.
  expect(notForTime(fallbacksBefore, fallbacksAfter)).toEqual({});
  const log = readFileSync(logFile, 'utf8').slice(logBefore);
  expect(log).not.toMatch(/could not be loaded|ENOENT/);

  // Judged on the crowd's numbers meanwhile (every second here), the sound canary is still the canary: its pages left
  // for a busy machine were judged against the live release's over the same minutes.
  const after = (await api<Release[]>('GET', '/releases?remote=catalog')).find((entry) => entry.version === canary.version);
  expect(after, `the canary after the crowd: ${JSON.stringify(after)}`).toMatchObject({ status: 'canary' });

  // A visitor of each half gets a page rendered with their build, which hydrates with that build's code.
  for (const [bucket, manifestUrl] of [
    [5, canary.manifestUrl],
    [95, live.manifestUrl],
  ] as const) {
    const context = await browser.newContext({ baseURL: SITE.shell });
    await context.addCookies([{ name: 'release_bucket', value: String(bucket), url: SITE.shell }]);
    const page = await context.newPage();
    const entries: string[] = [];
    const errors: string[] = [];
    page.on(
      'request',
      (request) => void (/remoteEntry\.js/.test(request.url()) && request.url().includes('/release-files/catalog/') && entries.push(request.url())),
    );
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    const html = await (await page.goto(carPaths[1]!))!.text();
    // A page the busy render server left for the browser carries no boot data: it reads the same set from /remotes.json.
    const served = bootCatalog(html) ?? (await page.evaluate(async () => ((await (await fetch('/remotes.json')).json()) as { catalog: string }).catalog));
    expect(served).toBe(manifestUrl);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => entries.length, { timeout: 60_000 }).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.startsWith(path.posix.dirname(manifestUrl))).toBe(true);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await context.close();
  }
});
