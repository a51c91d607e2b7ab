import { expect, type Page } from '@playwright/test';

/** Signs in through the Login screen, as a person would. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
}
