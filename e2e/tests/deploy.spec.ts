import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, readRemotes, serveFolder, writeRemotes } from '../support/remotes';

/**
 * Issue 2 item 7: a team publishes a new build of mf-catalog on its own. The site keeps running;
 * the shell is neither rebuilt nor restarted; only remotes.json is pointed at the new build, and
 * the next page load shows it.
 */
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
    expect(source).toContain('Find a used car you’ll love to drive');
    writeFileSync(banner, source.replace('Find a used car you’ll love to drive', 'Version two of the catalog is live'));
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: path.join(work, 'mf-catalog'),
      stdio: 'pipe',
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Find a used car you’ll love to drive' })).toBeVisible();

    const published = await serveFolder(path.join(work, 'mf-catalog', 'dist'));
    stop = published.stop;
    writeRemotes({ ...original, catalog: `http://localhost:${published.port}/mf-manifest.json` });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Version two of the catalog is live' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  } finally {
    writeRemotes(original);
    await stop?.();
    rmSync(work, { recursive: true, force: true });
  }
  // Rolling back is the same edit.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Find a used car you’ll love to drive' })).toBeVisible();
});
