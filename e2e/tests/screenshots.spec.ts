// Pipelines: catalog, dashboard, checkout, messages
import type { Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { logInAt } from '../support/pageChecks';
import { DEMO, DEMO_PASSWORD } from '../support/site';

/**
 * How each screen looks, kept in the repository beside this file and compared on every run
 * (docs/how-to.md, "Screenshots"): a change of look shows in review as a changed picture. What other
 * tests change while the suite runs (the cars in a list, counts, dates) is masked, so only the
 * screen's own look is compared. `npx playwright test tests/screenshots.spec.ts --update-snapshots`
 * takes them again after an intended change.
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

interface Screen {
  name: string;
  path: string;
  signedInAs?: string;
  /** Where data that other tests or the date change is shown: masked, the rest compared. */
  changing?: string[];
  /** A long article is compared as far as the first screenful shows it. */
  firstScreenful?: boolean;
}

/** On every screen: the year in the footer, and a signed-in navbar's unread counts. */
const ALWAYS_CHANGING = ['footer p:has-text("All rights reserved")', 'button[aria-label^="Notifications"]', 'nav a[href="/messages"]'];

const SCREENS: Screen[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'blogs', path: '/blogs', firstScreenful: true },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'add-product', path: '/dashboard/addProduct', signedInAs: DEMO.seller, changing: ['input[type="date"]'] },
];

/** Every picture and font in, nothing in flight, no caret or animation: the screen as it stays. */
async function still(page: Page): Promise<void> {
  await settled(page);
  // A picture below the fold loads when the whole page is taken: asked for now, and waited for.
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(async () => (await document.fonts.ready, [...document.images].filter((image) => !image.complete).length)), { timeout: 30_000 })
    .toBe(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const screen of SCREENS) {
      test(`${screen.name} looks as it did`, async ({ page }) => {
        if (screen.signedInAs) await logInAt(page, screen.signedInAs, DEMO_PASSWORD);
        await page.goto(screen.path);
        await still(page);
        await expect(page).toHaveScreenshot(`${screen.name}-${viewport.width}.png`, {
          fullPage: !screen.firstScreenful,
          mask: [...ALWAYS_CHANGING, ...(screen.changing ?? [])].map((selector) => page.locator(selector)),
        });
      });
    }
  });
}
