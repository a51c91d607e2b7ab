import { expect, type Browser, type Page } from '@playwright/test';
import { accessToken } from './orders';
import { DEMO, DEMO_PASSWORD, SITE } from './site';

/** Signs in through the sign-in form on show (the Login screen, or the login guard's on a page that needs a sign-in), as a person would. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  if (!(await page.getByRole('heading', { level: 1, name: 'Login' }).isVisible())) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // On a phone Log Out waits in the closed menu: signed in once it is in the page, shown or not.
  await expect(page.getByRole('button', { name: 'Log Out', includeHidden: true })).toBeAttached();
  // The next page arrives rendered for them once the session cookie, asked for just after the sign-in, is set.
  const hasSession = async () => (await page.context().cookies()).some((cookie) => cookie.name === '__session');
  await expect.poll(hasSession, { message: 'the __session cookie is set after the sign-in' }).toBe(true);
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  role: 'Buyer' | 'Seller';
}

/** Fills in the Register screen and sends it, as a person would; the caller checks what follows. */
export async function submitRegistration(page: Page, who: Registration): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Buyer or Seller?').selectOption(who.role);
  await page.getByRole('button', { name: 'Register' }).click();
}

/** The demo admin's access token, signed in through the Login screen in a page of its own. */
export async function adminAccessToken(browser: Browser): Promise<string> {
  const page = await browser.newPage({ baseURL: SITE.shell });
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  const token = await accessToken(page);
  await page.close();
  return token;
}
