// Pipelines: shell
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { listCar, newAccount, type SpecAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { bookThroughApi } from '../support/orders';
import { renderServerReady } from '../support/renderServer';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * Signed-in pages rendered on the server (docs/architecture.md, "The session cookie"): signing in
 * sets an httpOnly __session cookie, and with it the raw HTML of a brand list and of My Orders
 * holds the visitor's data; without it, or with a cookie the API refuses, the HTML is a signed-out one.
 */

interface World {
  buyer: SpecAccount;
  carName: string;
}

let world: Promise<World> | undefined;

/** A buyer who booked this spec's own car, made once. */
function setUp(request: APIRequestContext): Promise<World> {
  world ??= (async () => {
    const seller = await newAccount(request, 'Seller');
    const buyer = await newAccount(request, 'Buyer');
    const carName = `Audi Q3 Signed-in ${seller.id.slice(0, 8)}`;
    const carId = await listCar(request, seller, { carName });
    await bookThroughApi(request, buyer.auth.Authorization.replace(/^Bearer /, ''), carId);
    return { buyer, carName };
  })();
  return world;
}

/** The login guard's sign-in form, as the server renders it for someone it does not know. */
const SIGN_IN_FORM = 'id="login-title"';

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === '__session');

/** Signs in through the Login screen and waits for the session cookie the page asks the render server for. */
async function signIn(page: Page, buyer: SpecAccount) {
  await page.goto('/login');
  await logIn(page, buyer.email, buyer.password);
  await expect.poll(() => sessionCookie(page.context()).then(Boolean), { message: 'the __session cookie is set' }).toBe(true);
}

/** The HTML of an address as the browser context (its cookies) gets it, no script run. */
async function rawPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { response, html: await response.text() };
}

test.beforeEach(async ({ request }) => renderServerReady(request));

test('with the session cookie, a brand list and My Orders arrive with the cars and orders; without it, no private data', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { buyer, carName } = await setUp(request);
  await signIn(page, buyer);
  const cookie = (await sessionCookie(page.context()))!;
  expect({ httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, path: cookie.path }).toEqual({ httpOnly: true, sameSite: 'Lax', path: '/' });

  // A render past the time budget (a busy machine) is left for the browser: asked again until rendered.
  const rendered = async (path: string, ...texts: string[]) => {
    let last = await rawPage(page.request, path);
    await expect
      .poll(
        async () => {
          last = await rawPage(page.request, path);
          return texts.every((text) => last.html.includes(text));
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    return last;
  };
  const list = await rendered('/audis?sort=newest', carName);
  expect(list.response.headers()['cache-control']).toBe('private, no-store');
  expect(list.response.headers()['x-render-cache']).toBe('bypass');
  expect(list.html).not.toContain('Checking your sign-in');

  const orders = await rendered('/dashboard', carName, buyer.email);
  expect(orders.response.headers()['cache-control']).toBe('private, no-store');
  expect(orders.html).not.toContain('Checking your sign-in');

  // Another visitor (no cookie) gets the login guard's sign-in form, and nothing of the buyer's.
  for (const path of ['/audis?sort=newest', '/dashboard']) {
    const anonymous = await rawPage(request, path);
    expect(anonymous.html).toContain(SIGN_IN_FORM);
    expect(anonymous.html).not.toContain(buyer.email);
    expect(anonymous.html).not.toContain(carName);
  }
});

test("an admin's Releases screen arrives rendered by the server, then each remote's section is shown in the browser", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  await expect.poll(() => sessionCookie(page.context()).then(Boolean), { message: 'the __session cookie is set' }).toBe(true);
  // A render past the time budget (a busy machine) is left for the browser: asked again until rendered.
  await expect
    .poll(async () => (await rawPage(page.request, '/dashboard/releases')).html, { timeout: 60_000 })
    .toMatch(/<h1[^>]*>Releases<\/h1>[\s\S]*What each remote runs/);
  const { html } = await rawPage(page.request, '/dashboard/releases');
  expect(html).not.toContain(SIGN_IN_FORM);
  await page.goto('/dashboard/releases');
  for (const name of ['catalog The car catalog', 'dashboard The dashboard', 'checkout Checkout'])
    await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Deploy tokens' })).toBeVisible();
});

test('the page hydrates the signed-in HTML without a mismatch or a spinner', async ({ page, request }) => {
  const { buyer, carName } = await setUp(request);
  await signIn(page, buyer);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && /hydrat|did not match|mismatch/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/dashboard');
  await expect(page.getByText(carName).first()).toBeVisible();
  await expect(page.getByText('Checking your sign-in')).toHaveCount(0);
  // The identity SDK takes over: the page still shows the buyer signed in, and reads as them.
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await page.goto('/audis');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a tampered, expired or revoked cookie is treated as signed out, and signing out clears the cookie', async ({ page, request }) => {
  const { buyer, carName } = await setUp(request);
  await signIn(page, buyer);
  const cookie = (await sessionCookie(page.context()))!;
  const signedOutHtml = async (value: string) => {
    const response = await request.get('/dashboard', { headers: { Cookie: `__session=${value}` } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    return !html.includes(carName) && html.includes(SIGN_IN_FORM) && /__session=;/.test(response.headers()['set-cookie'] ?? '');
  };
  expect(await signedOutHtml(`${cookie.value.slice(0, -4)}AAAA`)).toBe(true);
  expect(await signedOutHtml('not-a-session-cookie')).toBe(true);

  // The emulator's cookies are unsigned JWTs: the same cookie re-made with its expiry passed is refused for that alone.
  const remade = (change: (claims: Record<string, number>) => void) => {
    const [header, payload] = cookie.value.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, number>;
    change(claims);
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
  };
  expect(await signedOutHtml(remade(() => undefined))).toBe(false);
  expect(await signedOutHtml(remade((claims) => (claims.exp = Math.floor(Date.now() / 1000) - 60)))).toBe(true);

  // Revocation counts whole seconds after the sign-in: asked again until it takes.
  const { idToken } = await (
    await request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
      data: { email: buyer.email, password: buyer.password, returnSecureToken: true },
    })
  ).json();
  const { users } = await (await request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-key`, { data: { idToken } })).json();
  const revoke = () =>
    request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/projects/demo-usedcars/accounts:update`, {
      headers: { Authorization: 'Bearer owner' },
      data: { localId: users[0].localId, validSince: String(Math.floor(Date.now() / 1000)) },
    });
  await expect
    .poll(async () => {
      expect((await revoke()).ok()).toBe(true);
      return signedOutHtml(cookie.value);
    })
    .toBe(true);

  // A new sign-in makes a new cookie, and Log Out removes it.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, buyer);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect.poll(() => sessionCookie(page.context()).then(Boolean), { message: 'the __session cookie is cleared' }).toBe(false);
});

test('Log Out on one page leaves the old cookie worthless: replayed from another browser, the page renders signed out and the API refuses it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { buyer, carName } = await setUp(request);
  await signIn(page, buyer);
  const old = (await sessionCookie(page.context()))!.value;
  const replay = async () => {
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    await context.addCookies([{ name: '__session', value: old, url: page.url() }]);
    try {
      // A render past the time budget (a busy machine) is left for the browser: asked again until rendered.
      let html = '';
      await expect
        .poll(async () => (html = await (await context.request.get('/dashboard')).text()).includes('data-server-rendered'), { timeout: 60_000 })
        .toBe(true);
      return html;
    } finally {
      await context.close();
    }
  };
  expect(await replay()).toContain(carName);
  // The identity service keeps revocation to the second: Log Out comes in a later second than the sign-in.
  const { auth_time: signedInAt } = JSON.parse(Buffer.from(old.split('.')[1]!, 'base64url').toString()) as { auth_time: number };
  await expect.poll(() => Date.now() / 1000, { message: 'the clock is past the sign-in second' }).toBeGreaterThanOrEqual(signedInAt + 1);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect.poll(() => sessionCookie(page.context()).then(Boolean), { message: 'the __session cookie is cleared' }).toBe(false);

  const html = await replay();
  expect(html).toContain(SIGN_IN_FORM);
  expect(html).not.toContain(carName);
  expect(html).not.toContain(buyer.email);
  const api = await request.get(`${SITE.api}/auth/session`, { headers: { Authorization: `Session ${old}` } });
  expect(api.status()).toBe(401);
});
