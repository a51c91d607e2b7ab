import { expect, type Page } from '@playwright/test';

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
