// Pipelines: shell
import type { Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { logIn, submitRegistration } from '../support/auth';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { newAccount } from '../support/accounts';

/** Signing in: register, log in, come back where you were going, Google sign-in, readable failures. */

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@usedcars.test`;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function roleOf(page: Page, email: string): Promise<string | undefined> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(`${SITE.api}/users?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { role?: string }[])[0]?.role;
}

test('register as a Buyer, stay signed in across a reload, then log out', async ({ page }) => {
  const email = unique('buyer');
  await submitRegistration(page, { name: 'Rita Registered', email, password: 'a-good-password', role: 'Buyer' });

  await expect(page.getByText('Account Created')).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/`);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  expect(await roleOf(page, email)).toBe('Buyer');

  await page.reload();
  await expect(nav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();

  await nav(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(nav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a Log Out pressed before the page has hydrated still logs out', async ({ page }) => {
  await submitRegistration(page, { name: 'Eager Leaver', email: unique('eager'), password: 'a-good-password', role: 'Buyer' });
  await expect(nav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
  // The reload below must arrive rendered signed in: the session cookie is set just after the sign-in.
  const hasSession = async () => (await page.context().cookies()).some((cookie) => cookie.name === '__session');
  await expect.poll(hasSession, { message: 'the __session cookie is set' }).toBe(true);

  // The page's React code is held back: the server-rendered Log Out is there, nothing hydrated it yet.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/bootstrap\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await nav(page).getByRole('button', { name: 'Log Out' }).click();
  release();

  await expect(nav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.reload();
  await expect(nav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('a signed-out visit to /audis arrives as the sign-in form, rendered by the server; signing in there shows the Audi list', async ({ page, request }) => {
  // The first response holds the form itself (no spinner), with every control disabled until the page takes it over.
  const html = await (await request.get('/audis')).text();
  expect(html).toContain('id="login-title"');
  expect(html).not.toContain('Checking your sign-in');

  await page.goto('/audis');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await expect(page).toHaveURL(`${SITE.shell}/audis`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toHaveCount(0);
});

test("the identity SDK loads once someone starts to sign in, not with the form's page", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toBeEnabled();
  await settled(page);
  // The adapter's chunk, which brings Firebase's sign-in with it.
  const sdk = () => scripts.filter((url) => /\/identity\.[0-9a-f]{8}\.js$/.test(url));
  expect(sdk()).toEqual([]);

  await email.focus();
  await expect.poll(sdk).toHaveLength(1);
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
});

test('a wrong password or an unknown e-mail gets a readable toast and the form keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.buyer);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.buyer);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(unique('nobody'));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /wrong e-mail or password|no account/i })
      .first(),
  ).toBeVisible();
});

test('registering an e-mail already in use says so', async ({ page }) => {
  await submitRegistration(page, { name: 'Someone Else', email: DEMO.seller, password: 'another-password', role: 'Seller' });
  await expect(page.getByRole('status').filter({ hasText: /already exists/i })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Someone Else');
});

test("Google sign-in through the emulator's own popup makes a Buyer", async ({ page }) => {
  const email = unique('google');
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  // The Auth emulator's account chooser: add a new account with our own e-mail.
  // (Its inputs have no accessible names of their own, hence the ids.)
  await popup.getByRole('button', { name: /add new account/i }).click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Gina Google');
  await popup.getByRole('button', { name: /sign in with google/i }).click();

  await expect(nav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/`);
  await expect.poll(() => roleOf(page, email)).toBe('Buyer');
});

test('a reload with an expired access token keeps the role (the token is renewed, once)', async ({ page }) => {
  await logIn(page, DEMO.seller, DEMO_PASSWORD);
  // Access tokens last 300 s; a returning visitor's stored one has long expired. Set as the reload
  // starts, so the page before it (still making its own calls) never sends it.
  await page.addInitScript(() => localStorage.setItem('accessToken', 'expired-long-ago'));
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/jwt') renewals.push(request.url());
  });
  await page.reload();
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard - My Products');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe('expired-long-ago');
  expect(renewals).toHaveLength(1);
});

test('a sign-up whose record could not be saved can simply be tried again', async ({ page }) => {
  const email = unique('seller');
  // The API is out for the first POST /users only.
  let refused = 0;
  await page.route(`${SITE.api}/users`, (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
    refused += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
  });
  await submitRegistration(page, { name: 'Sam Retry', email, password: 'a-good-password', role: 'Seller' });
  await expect(page.getByRole('status').filter({ hasText: 'Service unavailable' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(nav(page).getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  expect(refused).toBe(1);

  // Same form, same details, second try: the account is finished with the chosen role.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Account Created')).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/`);
  expect(await roleOf(page, email)).toBe('Seller');
});

test('the API refuses a caller without a verified identity', async ({ request }) => {
  expect((await request.get(`${SITE.api}/jwt?email=${DEMO.buyer}`)).status()).toBe(401);
  expect((await request.get(`${SITE.api}/jwt?email=${DEMO.buyer}`, { headers: { Authorization: 'Bearer not-a-token' } })).status()).toBe(401);
  expect((await request.get(`${SITE.api}/user?role=Buyer`)).status()).toBe(401);
});

test('Log Out in the same second as the sign-in ends that session: its cookie renders a signed-out page afterwards', async ({ request }) => {
  const buyer = await newAccount(request, 'Buyer');
  const signedIn = (html: string) => html.includes('>Log Out<');
  // A few times: each sign-in and Log Out below usually fall within one second, which revocation counts in.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const signIn = await request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
      data: { email: buyer.email, password: buyer.password, returnSecureToken: true },
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    const started = await fetch(`${SITE.shell}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    expect(started.status).toBe(204);
    const cookie = /__session=[^;]+/.exec(started.headers.get('set-cookie') ?? '')![0];
    const viewer = { authorization: `Session ${decodeURIComponent(cookie.slice('__session='.length))}` };
    expect((await fetch(`${SITE.api}/auth/session`, { headers: viewer })).status).toBe(200);
    expect((await fetch(`${SITE.shell}/session`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    const after = await fetch(`${SITE.shell}/dashboard`, { headers: { cookie } });
    expect(signedIn(await after.text())).toBe(false);
    expect(after.headers.get('set-cookie')).toMatch(/__session=;.*Max-Age=0/);
    expect((await fetch(`${SITE.api}/auth/session`, { headers: viewer })).status).toBe(401);
  }
});

test('a name with a tab in it is refused with words that say why, and the form keeps what was typed', async ({ page }) => {
  // A text field drops line breaks itself; a tab (pasted) is what a person can still send.
  await submitRegistration(page, { name: 'Tabby\tCat', email: unique('tabby'), password: 'a-good-password', role: 'Buyer' });
  await expect(page.getByRole('status').filter({ hasText: 'name must be one line, without line breaks, tabs or control characters' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Tabby\tCat');
  await page.getByLabel('Full Name').fill('Tabby Cat');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Account Created')).toBeVisible();
});
