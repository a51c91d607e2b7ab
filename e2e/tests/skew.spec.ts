// Pipelines: shell
import { readFileSync, writeFileSync } from 'node:fs';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { logIn } from '../support/auth';
import { readRemotes, serveFolder, writeRemotes } from '../support/remotes';
import { renderServerReady } from '../support/renderServer';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { buildCatalogVariant, preflight, type Variant } from '../support/variants';

/**
 * Version skew (docs/sharing-and-releases.md): a team rebuilds mf-catalog against newer shared
 * code and publishes it alone; the shell and the other remotes stay as they are. Each build is
 * made once and published beside the live one, remotes.json pointed at it for its tests.
 */
test.describe.configure({ mode: 'serial' });

const CALLOUT_TEXT = 'Built against shared-ui 0.2.0';

/** A component shared-ui 0.2.0 adds, and the About page that uses it. */
const NEWER_SHARED_UI = {
  name: '@usedcars/shared-ui',
  version: '0.2.0',
  files: {
    'src/Callout.tsx': `import styled from 'styled-components';\nexport const Callout = styled.aside\`padding: 12px; border-left: 4px solid currentColor;\`;\n`,
  },
  append: { 'src/index.ts': `export { Callout } from './Callout';\n` },
};

function useCallout(catalog: string) {
  const file = `${catalog}/src/features/about/AboutPage.tsx`;
  const source = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    source
      .replace("import { theme, usePageTitle } from '@usedcars/shared-ui';", "import { Callout, theme, usePageTitle } from '@usedcars/shared-ui';")
      .replace('<h2>About us</h2>', `<Callout role="note">${CALLOUT_TEXT}</Callout>\n      <h2>About us</h2>`),
  );
}

async function publish(variant: Variant): Promise<() => Promise<void>> {
  const original = readRemotes();
  const published = await serveFolder(variant.dist);
  writeRemotes({ ...original, catalog: `http://localhost:${published.port}/mf-manifest.json` });
  return async () => {
    writeRemotes(original);
    await published.stop();
  };
}

function consoleOf(page: Page): ConsoleMessage[] {
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => messages.push(message));
  return messages;
}

/** Reaches About from another screen, so the page renders it with the catalog's code. */
async function openAboutInThePage(page: Page) {
  await page.goto('/blogs');
  await settled(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
}

test.describe('a catalog built against a newer shared-ui, shared-auth and zustand', () => {
  let variant: Variant;
  let unpublish: () => Promise<void>;

  test.beforeAll(() => {
    test.setTimeout(300_000);
    variant = buildCatalogVariant(
      'skew-minor',
      [
        NEWER_SHARED_UI,
        { name: '@usedcars/shared-auth', version: '0.2.0' },
        // A newer minor of a third-party singleton than the page serves.
        { name: 'zustand', version: '5.99.0' },
      ],
      useCallout,
    );
  });
  test.afterAll(() => variant?.remove());
  test.beforeEach(async () => {
    unpublish = await publish(variant);
  });
  test.afterEach(async () => {
    await unpublish();
  });

  test('preflight accepts it and says what it brings', () => {
    const { code, output } = preflight(variant.dist, SITE.shell);
    expect(output).toContain('own copy  @usedcars/shared-ui: needs 0.2.0, the page has 0.1.0');
    expect(output).toContain('warning  zustand: needs 5.99.0');
    expect(output).toContain('Publishable');
    expect(code).toBe(0);
  });

  test('the component shared-ui gained is rendered, by the server and by the page', async ({ page }) => {
    // The render server loads the new server build on its first page; a busy machine leaves that one to the browser.
    await renderServerReady(page.request);
    const html = await (await page.request.get('/about')).text();
    expect(html).toContain('data-server-rendered');
    expect(html).toContain(CALLOUT_TEXT);

    const messages = consoleOf(page);
    await openAboutInThePage(page);
    await expect(page.getByRole('note')).toHaveText(CALLOUT_TEXT);
    await expect(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(messages.filter((message) => message.type() === 'error').map((message) => message.text())).toEqual([]);
    expect(messages.map((message) => message.text())).toContain(
      '[federation] catalog: @usedcars/shared-ui: needs 0.2.0, the page has 0.1.0: the remote loads its own copy',
    );
  });

  test('a newer minor of shared-auth and of zustand keeps the catalog working with the page’s copies', async ({ page }) => {
    const messages = consoleOf(page);
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.goto('/audis');
    await expect(page.getByRole('article').first()).toBeVisible();
    // The catalog reads the page's session: the navbar and the catalog agree on who is signed in.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' })).toBeVisible();
    const warnings = messages.filter((message) => message.type() === 'warning').map((message) => message.text());
    expect(warnings).toContainEqual(expect.stringContaining('[federation] catalog: zustand: needs 5.99.0, the page has 5.'));
    expect(warnings).toContainEqual(expect.stringContaining('[federation] catalog: @usedcars/shared-auth: needs 0.2.0, the page has 0.1.0'));
    expect(messages.filter((message) => message.type() === 'error').map((message) => message.text())).toEqual([]);
  });
});

test.describe('a catalog built against another major of shared-auth', () => {
  let variant: Variant;
  let unpublish: () => Promise<void>;

  test.beforeAll(() => {
    test.setTimeout(300_000);
    variant = buildCatalogVariant('skew-major', [{ name: '@usedcars/shared-auth', version: '1.0.0' }]);
  });
  test.afterAll(() => variant?.remove());
  test.beforeEach(async () => {
    unpublish = await publish(variant);
  });
  test.afterEach(async () => {
    await unpublish();
  });

  test('preflight refuses it, saying why', () => {
    const { code, output } = preflight(variant.dist, SITE.shell);
    expect(code).toBe(1);
    expect(output).toContain('REFUSED  @usedcars/shared-auth: needs 1.0.0, the page has 0.1.0');
    expect(output).toContain('Not publishable');
  });

  test('published anyway, its area shows the fallback and the rest of the page works', async ({ page }) => {
    // The server does not load it: the page is rendered in the browser, and responds 200.
    const response = await page.request.get('/about');
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain('data-server-rendered');

    const messages = consoleOf(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'The car catalog is not available right now' })).toBeVisible();
    expect(messages.map((message) => message.text())).toContain(
      '[federation] catalog was not loaded: @usedcars/shared-auth: needs 1.0.0, the page has 0.1.0: a singleton of another major, the remote cannot run on this page',
    );
    // Layout, navigation, sign-in and the other remotes still work.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await nav.getByRole('link', { name: 'Login', exact: true }).click();
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  });
});
