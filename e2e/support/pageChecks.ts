import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's WCAG 2.1 A/AA rules over the page as it is now (a dialog open included). The
 * script is evaluated through the browser's debugging protocol, not added as a <script>, so the
 * site's content security policy has nothing to refuse.
 */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${what}`).toEqual([]);
}

/** The page does not scroll sideways at the width it is shown at (tables scroll in their own region). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/**
 * Signs in on the Login screen at any width (at 375 px Log Out sits in the closed menu): done
 * once the site holds the API's access token.
 */
export async function logInAt(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 45_000 }).toBeTruthy();
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 45_000 });
}
