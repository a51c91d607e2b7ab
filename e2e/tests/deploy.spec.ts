// Pipelines: shell
import type { Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, readRemotes, serveFolder, writeRemotes } from '../support/remotes';

/**
 * A team publishes a new build of mf-catalog on its own. The site keeps running; the shell is
 * neither rebuilt nor restarted; only remotes.json is pointed at the new build, and the next page
 * load shows it, rendered by the render server with the new build's server half, then hydrated by
 * the page.
 */
const NEW_HEADLINE = 'Version two of the catalog is live';
const OLD_HEADLINE = 'Find a used car you’ll love to drive';

async function serverDrawnHeadline(page: Page): Promise<string | undefined> {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('data-server-rendered');
  return [NEW_HEADLINE, OLD_HEADLINE].find((headline) => html.includes(headline));
}

test('a second build of mf-catalog, published elsewhere, shows up on the next page load', async ({ page }) => {
  test.setTimeout(240_000);
  const work = path.join(ROOT, '.tmp', `deploy-${Date.now()}`);
  const original = readRemotes();
  let stop: (() => Promise<void>) | null = null;
  try {
    // The team's checkout of the repo, as far as the catalog build needs it.
    mkdirSync(work, { recursive: true });
    cpSync(path.join(ROOT, 'tooling'), path.join(work, 'tooling'), { recursive: true });
    for (const entry of ['src', 'webpack.config.cjs']) {
      cpSync(path.join(ROOT, 'mf-catalog', entry), path.join(work, 'mf-catalog', entry), { recursive: true });
    }
    const banner = path.join(work, 'mf-catalog', 'src', 'features', 'home', 'HeroBanner.tsx');
    const source = readFileSync(banner, 'utf8');
    expect(source).toContain(OLD_HEADLINE);
    writeFileSync(banner, source.replace(OLD_HEADLINE, NEW_HEADLINE));
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: path.join(work, 'mf-catalog'),
      stdio: 'pipe',
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: OLD_HEADLINE })).toBeVisible();
    expect(await serverDrawnHeadline(page)).toBe(OLD_HEADLINE);

    const published = await serveFolder(path.join(work, 'mf-catalog', 'dist'));
    stop = published.stop;
    writeRemotes({ ...original, catalog: `http://localhost:${published.port}/mf-manifest.json` });

    // The very next page: the server renders it with the new build, and the page hydrates it.
    expect(await serverDrawnHeadline(page)).toBe(NEW_HEADLINE);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.reload();
    await expect(page.getByRole('heading', { name: NEW_HEADLINE })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
    await settled(page);
    expect(errors).toEqual([]);
  } finally {
    writeRemotes(original);
    await stop?.();
    rmSync(work, { recursive: true, force: true });
  }
  // Rolling back is the same edit.
  expect(await serverDrawnHeadline(page)).toBe(OLD_HEADLINE);
  await page.reload();
  await expect(page.getByRole('heading', { name: OLD_HEADLINE })).toBeVisible();
});
