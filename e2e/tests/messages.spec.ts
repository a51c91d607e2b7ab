// Pipelines: messages
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/test';
import { listCar, newAccount, sellerBuyerAndCar } from '../support/accounts';
import { logIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { caughtMails, expectAxeClean } from '../support/market';
import { expectNoSidewaysScroll } from '../support/pageChecks';
import { accessToken } from '../support/orders';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * Buyers and sellers talk (docs/product.md, "Messages"): a buyer asks from a car's page, the
 * seller is told live and replies from the messages area, the buyer reads the reply live, and a
 * message left unread is mailed (after MESSAGE_MAIL_AFTER_SECONDS, 2 s on this site).
 */
test('a buyer asks from the car page; the seller sees it live and replies; the buyer reads it live; an unread one is mailed', async ({
  page,
  browser,
  request,
}) => {
  const { seller, buyer, carName, carId } = await sellerBuyerAndCar(request, 'Audi A3');

  const sellerContext = await browser.newContext({ baseURL: SITE.shell });
  const sellers = await sellerContext.newPage();
  try {
    await logIn(sellers, seller.email, seller.password);
    // The seller's way in: the dashboard's navigation.
    await sellers.goto('/dashboard');
    await (await hydrated(sellers.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Messages' }))).click();
    await expect(sellers.getByText(/No conversations yet/)).toBeVisible();
    const sellersNav = sellers.getByRole('navigation', { name: 'Main' });

    // A visitor's car page offers the login that leads to asking, and runs no code of the messages
    // remote (the page reads every remote's manifest, as it does the dashboard's and checkout's).
    const scripts: string[] = [];
    page.on('request', (sent) => void (sent.resourceType() === 'script' && scripts.push(sent.url())));
    await page.goto(`/audis/${carId}`);
    await (await hydrated(page.getByRole('link', { name: 'Log in to ask the seller' }))).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect(scripts.filter((url) => url.startsWith(SITE.messages))).toEqual([]);
    expect(scripts.some((url) => url.includes('CarDetailPage'))).toBe(true);

    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/audis/${carId}`);
    await (await hydrated(page.getByRole('link', { name: 'Ask the seller' }))).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ask the seller' })).toBeVisible();
    await expect(page.getByText(`Your question about ${carName}`)).toBeVisible();
    await expectAxeClean(page);
    await page.getByLabel('Your question').fill('Does it come with winter tyres?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('listitem')).toHaveText([/^You.*Does it come with winter tyres\?/]);

    // The seller's count rises and the inbox shows it, without a reload.
    await expect(sellersNav.getByRole('link', { name: /^Messages\W+1 unread$/ })).toBeVisible();
    const row = sellers.getByRole('link', { name: new RegExp(`${carName}.*1 unread.*Buyer: ${buyer.name}.*winter tyres`) });
    await expect(row).toBeVisible();
    await expectAxeClean(sellers);
    await row.click();
    await expect(sellers.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveText([new RegExp(`^${buyer.name}.*winter tyres`)]);
    await expect(sellersNav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expectAxeClean(sellers);
    await sellers.getByLabel('Your message').fill('Yes, on their own rims.');
    await sellers.getByRole('button', { name: 'Send' }).click();

    // The buyer reads the reply where they are, live.
    await expect(thread.getByRole('listitem')).toHaveText([/winter tyres/, new RegExp(`^${seller.name}.*Yes, on their own rims\\.`)]);

    // Left unread (the buyer has moved on), the next one is counted live and mailed.
    await page.goto('/');
    await sellers.getByLabel('Your message').fill('Would Saturday suit you for a viewing?');
    await sellers.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages\W+1 unread$/ })).toBeVisible();
    await expect
      .poll(() => caughtMails(buyer.email).find((mail) => mail.subject === `${seller.name} wrote to you about ${carName}`)?.text ?? '', { timeout: 45_000 })
      .toContain('Would Saturday suit you for a viewing?');
  } finally {
    await sellerContext.close();
  }
});

test('at 375 px: the inbox and the thread are server-rendered for the seller; they report and block', async ({ page, request }) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const carName = `Honda Jazz ${randomBytes(3).toString('hex')}`;
  const carId = await listCar(request, seller, { carName, category: 'honda' });
  const asked = await request.post(`${SITE.api}/conversations`, { headers: buyer.auth, data: { carId, text: 'Call me on +1 415 555 0100 now' } });
  expect(asked.status()).toBe(201);
  const { _id: id } = (await asked.json()) as { _id: string };

  await logIn(page, seller.email, seller.password);
  await page.setViewportSize({ width: 375, height: 800 });
  // With the session cookie the sign-in asks for, the first response holds the seller's inbox and thread.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === '__session')).toBe(true);
  // A render past the time budget (a busy machine) is left for the browser: asked again until rendered.
  const rendered = (path: string, text: string) =>
    expect.poll(async () => (await (await page.request.get(path)).text()).includes(text), { timeout: 60_000 }).toBe(true);
  await rendered('/messages', carName);
  await rendered(`/messages/${id}`, 'Call me on +1 415 555 0100 now');

  await page.goto('/messages');
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await page.goto(`/messages/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: carName })).toBeVisible();
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);

  await (await hydrated(page.getByRole('button', { name: 'Report' }))).click();
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('scam');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('You reported this conversation.')).toBeVisible();

  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('No messages can be sent here: one of you blocked the other.')).toBeVisible();
  await expect(page.getByLabel('Your message')).toBeHidden();
  await expectAxeClean(page);
  const refused = await request.post(`${SITE.api}/conversations/${id}/messages`, { headers: buyer.auth, data: { text: 'Hello?' } });
  expect({ status: refused.status(), body: await refused.json() }).toEqual({ status: 403, body: { message: 'This person does not take messages from you' } });
});

test("a buyer's account deleted by the admin: the seller's thread names a deleted account, keeps only the seller's messages and takes no reply", async ({
  page,
  browser,
  request,
}) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const carName = `Mercedes C 200 ${randomBytes(3).toString('hex')}`;
  const carId = await listCar(request, seller, { carName, category: 'mercedes' });
  const asked = await request.post(`${SITE.api}/conversations`, { headers: buyer.auth, data: { carId, text: 'Is it still for sale?' } });
  const { _id: id } = (await asked.json()) as { _id: string };
  expect((await request.post(`${SITE.api}/conversations/${id}/messages`, { headers: seller.auth, data: { text: 'Yes, it is.' } })).status()).toBe(201);

  const adminContext = await browser.newContext({ baseURL: SITE.shell });
  try {
    const admin = await adminContext.newPage();
    await logIn(admin, DEMO.admin, DEMO_PASSWORD);
    const deleted = await request.delete(`${SITE.api}/allUsers/${buyer.id}`, { headers: { Authorization: `Bearer ${await accessToken(admin)}` } });
    expect(deleted.status()).toBe(200);
  } finally {
    await adminContext.close();
  }

  await logIn(page, seller.email, seller.password);
  await page.goto('/messages');
  await expect(page.getByRole('link', { name: new RegExp(`${carName}.*Buyer: deleted account.*Yes, it is\\.`) })).toBeVisible();
  await page.goto(`/messages/${id}`);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveText([/^You.*Yes, it is\./]);
  await expect(page.getByText("No messages can be sent here: the other person's account was deleted.")).toBeVisible();
  await expect(page.getByLabel('Your message')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Block' })).toBeHidden();
  await expectAxeClean(page);
});
