// Pipelines: catalog
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logInAt } from '../support/pageChecks';
import { SITE } from '../support/site';
import { hydrated } from '../support/hydration';

/**
 * A write past its hourly limit (docs/api-limits.md) is refused with the API's 429 message, and the
 * screen shows that message where it shows any refusal: here, the report dialog of a car's page.
 */
test('the eleventh report in an hour is refused, and the dialog says why and when to try again', async ({ page, request }) => {
  test.slow();
  const seller = await newAccount(request, 'Seller');
  const reporter = await newAccount(request, 'Buyer');
  const carIds: string[] = [];
  for (let index = 0; index < 11; index += 1) carIds.push(await listCar(request, seller, { carName: `Audi A3 limit ${index} ${seller.id.slice(0, 6)}` }));
  // The reporter's first ten, through the API as the dialog sends them.
  for (const carId of carIds.slice(0, 10)) {
    const sent = await request.post(`${SITE.api}/reports`, { headers: reporter.auth, data: { carId, reason: 'scam' } });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await logInAt(page, reporter.email, reporter.password);
  await page.goto(`/audis/${carIds[10]}`);
  await (await hydrated(page.getByRole('button', { name: 'Report this listing' }))).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('radio', { name: 'Looks like a scam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^You have reported 10 listings in the last hour; you can report another in (1 hour|\d+ minutes?)\.$/);
  // Nothing was sent: the dialog stays, with the reason still chosen, to try again later.
  await expect(dialog.getByRole('radio', { name: 'Looks like a scam' })).toBeChecked();
  await expect(dialog.getByRole('status')).toHaveCount(0);
});
