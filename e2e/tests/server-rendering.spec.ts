// Pipelines: shell, catalog
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import path from 'node:path';
import { listCar, newAccount } from '../support/accounts';
import { ROOT, readRemotes, serveFolder } from '../support/remotes';
import { renderServerReady, serveBroken, sparePort, startRenderServer } from '../support/renderServer';
import { hydrated } from '../support/hydration';
import { SITE } from '../support/site';

/**
 * The public screens arrive rendered: the first response's HTML holds the screen (read here with no
 * JavaScript run), and the page then takes that HTML over in the browser without rendering it again.
 */

interface ListedCar {
  _id: string;
  carName: string;
  currentPrice: number;
}

let own: Promise<ListedCar> | undefined;

/** This spec's own car (its own seller, its link picture only), made once: no other spec's data decides what it sees. */
function firstAudi(request: APIRequestContext): Promise<ListedCar> {
  own ??= (async () => {
    const seller = await newAccount(request, 'Seller');
    const carName = `Audi A5 Sportback ${seller.id.slice(0, 8)}`;
    return { _id: await listCar(request, seller, { carName }), carName, currentPrice: 21_500 };
  })();
  return own;
}

/** The text a person would read in the HTML alone: markup stripped, no script run. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json" id="usedcars-boot"'));
  return body
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

test.beforeEach(async ({ request }) => renderServerReady(request));

test('each public screen is in the first response: home, About, Blogs, a car, the 404', async ({ request }) => {
  const car = await firstAudi(request);
  const screens: Array<{ path: string; status: number; title: string; texts: string[] }> = [
    { path: '/', status: 200, title: 'Used Cars', texts: ['Find a used car you’ll love to drive', 'Categories', 'Certified Pre-Owned', 'Current offers'] },
    { path: '/about', status: 200, title: 'About', texts: ['About'] },
    {
      path: '/blogs',
      status: 200,
      title: 'Blogs',
      texts: ['Question and Answer', 'prototypical inheritance', 'React vs. Angular vs. Vue'],
    },
    { path: `/audis/${car._id}`, status: 200, title: car.carName, texts: [car.carName, 'Current price', dollars(car.currentPrice)] },
    { path: '/no/such/page', status: 404, title: 'Page not found', texts: ['Page not found', 'Back to Home'] },
    { path: '/login', status: 200, title: 'Login', texts: ['Login', 'New to Used Cars?', 'Create new Account', 'Continue with Google'] },
    { path: '/register', status: 200, title: 'Register', texts: ['Register', 'Full Name', 'Buyer or Seller?'] },
  ];
  for (const screen of screens) {
    const response = await request.get(screen.path);
    expect(response.status(), screen.path).toBe(screen.status);
    const html = await response.text();
    expect(html, `${screen.path} is rendered on the server`).toContain('data-server-rendered');
    expect(html).toContain(`<title>${screen.title}</title>`);
    // The layout and the screen's styles come with it.
    expect(html).toMatch(/<style data-styled="true"/);
    const text = visibleText(html);
    for (const expected of ['About Us', 'Blogs', 'Privacy Policy', ...screen.texts]) {
      expect(text.toLowerCase(), `${screen.path} shows “${expected}”`).toContain(expected.toLowerCase());
    }
  }
});

test("a car's page carries the car itself for the page to start with, and asks for its picture first", async ({ request }) => {
  const car = await firstAudi(request);
  const html = await (await request.get(`/audis/${car._id}`)).text();
  const boot = JSON.parse(html.match(/<script type="application\/json" id="usedcars-boot">([\s\S]*?)<\/script>/)![1]!) as {
    queries: { queries: Array<{ queryKey: unknown[]; state: { data: { _id: string; carName: string } } }> };
  };
  const cached = boot.queries.queries.find((query) => query.queryKey.includes(car._id));
  expect(cached?.state.data.carName).toBe(car.carName);
  // The picture is asked for in the head with a high priority; no script is, until it is painted.
  const head = html.slice(0, html.indexOf('</head>'));
  // A car with photos adds the srcset, sizes and format its picture picks from (docs/performance.md, "Pictures").
  const picture = head.match(/<link rel="preload" as="image" href="([^"]+)"[^>]* fetchpriority="high">/);
  expect(picture?.[1]).toBeTruthy();
  // Before the page's first script, which would otherwise go ahead of it on a connection they share.
  expect(head.indexOf(picture![0])).toBeLessThan(head.indexOf('<script'));
  expect(head).not.toContain('as="script"');
});

test('the home page holds its hero picture in its markup, and asks for no script of a screen that needs none', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // The hero is rendered in the page's own markup, with its text: no request, no picture of its own to paint later.
  const body = html.slice(html.indexOf('id="root"'));
  expect(body).toMatch(/<span[^>]*aria-hidden="true"[^>]*><svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 560 400"/);
  expect(body).not.toContain('fetchpriority="high"');
  expect(head).not.toContain('as="image"');
  // The home page's markup is left as rendered: none of the catalog's code is asked for.
  expect(head).not.toContain(SITE.catalog + '/remoteEntry.js');
  expect(html).toContain('"staticMarkup":["catalog/HomePage"]');
});

test("the home page hydrates and idles without running any of the catalog's code: its markup stays as the server rendered it", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await hydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }));
  await settled(page);
  // The idle work (the remotes' manifests, the health reporting) is done by then.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  await settled(page);
  expect(scripts.filter((url) => url.startsWith(SITE.catalog))).toEqual([]);
});

test("a car's page names its screen's scripts in the head, from the catalog's manifest, for after its first paint", async ({ request }) => {
  const car = await firstAudi(request);
  const html = await (await request.get(`/audis/${car._id}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const scripts = JSON.parse(head.match(/<script type="application\/json" id="usedcars-after-paint">([^<]*)<\/script>/)![1]!) as string[];
  expect(scripts).toContain(`${SITE.catalog}/remoteEntry.js`);
  expect(scripts.some((script) => /__federation_expose_CarDetailPage\.[0-9a-f]{8}\.js$/.test(script))).toBe(true);
  expect(scripts.some((script) => /^\/bootstrap\.[0-9a-f]{8}\.js$/.test(script))).toBe(true);
  expect(scripts.some((script) => /^\/page-services\.[0-9a-f]{8}\.js$/.test(script))).toBe(true);
  // Everything named there exists.
  for (const script of scripts) expect((await request.get(script)).status(), script).toBe(200);
});

test("the page's scripts are asked for once its largest picture has arrived, and it then works", async ({ page, request }) => {
  const car = await firstAudi(request);
  const html = await (await request.get(`/audis/${car._id}`)).text();
  const preload = /<link rel="preload" as="image" href="([^"]+)"(?: imagesrcset="([^"]+)")?/.exec(html.slice(0, html.indexOf('</head>')))!;
  const cover = new Set(
    [preload[1]!, ...(preload[2] ?? '').split(',').map((entry) => entry.trim().split(/\s+/)[0]!)].map((file) => new URL(file, SITE.shell).href),
  );
  const asked: string[] = [];
  let coverArrived = false;
  // The car's cover held back a while: no script of the page may be asked for before it is there.
  await page.route(
    (url) => cover.has(url.href),
    async (route) => {
      // eslint-disable-next-line tests/no-fixed-wait -- a slow network the page is given, not a wait of the test's
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const response = await route.fetch();
      coverArrived = true;
      await route.fulfill({ response });
    },
  );
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(`${coverArrived ? 'after' : 'before'} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`/audis/${car._id}`);
  await expect(page.locator('#root[data-server-rendered] img[fetchpriority="high"]')).toHaveJSProperty('complete', true);
  // Only the small first script came before the picture; main and React DOM after it.
  await expect
    .poll(() => asked.filter((entry) => /\/(main|react-dom)\.[0-9a-f]{8}\.js$/.test(entry)))
    .toEqual([expect.stringMatching(/^after /), expect.stringMatching(/^after /)]);
  expect(asked.filter((entry) => entry.startsWith('before'))).toEqual([expect.stringMatching(/^before \/start\.[0-9a-f]{8}\.js$/)]);
  // The page works: the router takes a link over without a new document.
  await page.getByRole('navigation').getByRole('link', { name: 'Blogs', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(asked.filter((entry) => /\/main\./.test(entry))).toHaveLength(1);
});

/** Tags the screen's heading as the server rendered it, before any script of the page runs. */
async function markServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const heading = document.querySelector('main h1');
      if (heading) (heading as HTMLElement & { renderedByServer?: boolean }).renderedByServer = true;
    });
  });
}

test('the sign-in forms arrive with every control disabled, so nothing is sent before the page takes them over; then they work', async ({ page, request }) => {
  for (const [address, controls] of [
    ['/login', 4],
    ['/register', 5],
  ] as const) {
    const html = await (await request.get(address)).text();
    // The page's own form, not the navbar's search (a plain form that works before the scripts do).
    const start = html.indexOf('<form', html.indexOf('id="main"'));
    const form = html.slice(start, html.indexOf('</form>', start));
    const fields = form.match(/<(input|select|button)\b[^>]*>/g) ?? [];
    const google = address === '/login' ? (html.match(/<button\b[^>]*>CONTINUE WITH GOOGLE/g) ?? []) : [];
    expect(
      [...fields, ...google].map((tag) => /\sdisabled(=""|\s|>)/.test(tag)),
      address,
    ).toEqual(Array(controls).fill(true));
  }
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeEnabled();
});

test('the page takes over what the server rendered: no hydration error or warning, and the same elements stay', async ({ page, request }) => {
  const car = await firstAudi(request);
  const messages: string[] = [];
  page.on('console', (message) => {
    // The 404 page is served with status 404, which the browser reports about the document itself.
    if (message.location().url.endsWith('/no/such/page') && /status of 404/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await markServerHeading(page);
  for (const [address, heading] of [
    ['/', 'Find a used car you’ll love to drive'],
    ['/about', 'About'],
    ['/blogs', 'Question and Answer'],
    [`/audis/${car._id}`, car.carName],
    ['/no/such/page', 'Page not found'],
    ['/login', 'Login'],
    ['/register', 'Register'],
  ] as const) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(address);
      await settled(page);
      const h1 = page.locator('main h1').first();
      await expect(h1).toHaveText(heading);
      // The page now reacts as a page: the same element the server rendered, not a re-rendered copy.
      expect(
        await h1.evaluate((element) => (element as HTMLElement & { renderedByServer?: boolean }).renderedByServer === true),
        `${address} at ${width}`,
      ).toBe(true);
    }
  }
  // And it is live: a link moves within the page, without a new document.
  await page.goto('/');
  await settled(page);
  await page.evaluate(() => ((window as Window & { stillHere?: boolean }).stillHere = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByRole('heading', { name: 'Question and Answer' })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
  expect(messages).toEqual([]);
});

test.describe("the catalog's server build is broken", () => {
  test.describe.configure({ mode: 'serial' });

  for (const how of ['error', 'hang'] as const) {
    test(`its server entry ${how === 'error' ? 'responds with 500' : 'never responds'}: the page is rendered by the browser, and the server says why`, async ({
      page,
    }) => {
      // The catalog's host lets this render server's pages read it, as it does the site's.
      const port = await sparePort();
      const catalog = await serveFolder(path.join(ROOT, 'mf-catalog', 'dist'), 0, [`http://localhost:${port}`]);
      const broken = await serveBroken(catalog.server, '/server/remoteEntry.js', how);
      const remotes = { ...readRemotes(), catalog: `http://localhost:${broken.port}/mf-manifest.json` };
      // A broken build fails at once; only the hanging one needs the budget to pass (a busy machine may take 300 ms to render at all).
      const renderer = await startRenderServer(remotes, { SSR_BUDGET_MS: how === 'error' ? '5000' : '300', PORT: String(port) });
      try {
        const response = await page.request.get(`${renderer.origin}/`);
        expect(response.status()).toBe(200);
        // Past the budget (or on the failure) the browser is left to render the page.
        expect(response.headers()['server-timing']).toBe('render;desc="browser"');
        const html = await response.text();
        expect(html).not.toContain('data-server-rendered');
        expect(html).toContain('Loading Used Cars…');
        expect(broken.requests()).toBeGreaterThan(0);
        await expect.poll(renderer.log).toMatch(/page left for the browser to render/);
        expect(renderer.log()).toMatch(
          how === 'error' ? /"reason":"catalog: its server build could not be loaded \(/ : /"reason":"not rendered within the 300 ms budget"/,
        );

        // The page itself works, rendered in the browser from the catalog's browser build.
        await page.goto(`${renderer.origin}/`);
        await expect(page.getByRole('heading', { name: 'Find a used car you’ll love to drive' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
        // A remote that failed is not asked again for the next page: the page is left to the browser.
        const asked = broken.requests();
        const next = await page.request.get(`${renderer.origin}/blogs`);
        expect(next.status()).toBe(200);
        expect(next.headers()['server-timing']).toBe('render;desc="browser"');
        expect(broken.requests()).toBe(asked);
        if (how === 'error') await expect.poll(renderer.log).toMatch(/"reason":"catalog: its server build failed \d+ s ago \(/);
      } finally {
        await renderer.stop();
        await broken.stop();
        await catalog.stop();
      }
    });
  }

  test('the catalog is down altogether: no 5xx, the page still comes', async ({ page }) => {
    const remotes = { ...readRemotes(), catalog: 'http://localhost:1/mf-manifest.json' };
    const renderer = await startRenderServer(remotes);
    try {
      for (const address of ['/', '/about', '/audis/anything']) {
        const response = await page.request.get(`${renderer.origin}${address}`);
        expect(response.status(), address).toBe(200);
      }
      await page.goto(`${renderer.origin}/`);
      await expect(page.locator('[data-remote-fallback="catalog"]')).toContainText('is not available right now');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' })).toBeVisible();
    } finally {
      await renderer.stop();
    }
  });
});
