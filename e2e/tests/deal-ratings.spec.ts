// Pipelines: catalog, dashboard
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { listCar, newAccount, type SpecAccount } from '../support/accounts';
import { expectNoSidewaysScroll, logInAt } from '../support/pageChecks';
import { expectAxeClean, fillCarFacts } from '../support/market';
import { hydrated } from '../support/hydration';

/**
 * The market's deal rating (docs/product.md, "Deal rating"), as buyers and sellers see it: the
 * rating and its reason on a car's page, "Best deal first" in the search, a seller's fakes that
 * do not move their own rating, and the estimate beside the price while a seller sets it.
 */
const WIDTHS = [375, 1280] as const;

/** A made-up model, so only this run's cars are each other's comparables. */
const modelName = () => `Honda Zephyr${randomBytes(4).toString('hex')}`;

const comparable = { purchaseYear: '2019', mileage: 40_000, fuel: 'petrol', gearbox: 'automatic', body: 'saloon', colour: 'silver', previousOwners: 1 };

/** Five other sellers' cars of the model: a $14,400 estimate (their median, $14,350, to the nearest $100). */
async function listMarket(request: APIRequestContext, carName: string): Promise<void> {
  for (const price of [14_000, 14_200, 14_350, 14_500, 15_000]) {
    await listCar(request, await newAccount(request, 'Seller'), { carName, category: 'honda', listing: { ...comparable, currentPrice: price } });
  }
}

async function listOne(request: APIRequestContext, seller: SpecAccount, carName: string, price: number): Promise<string> {
  return listCar(request, seller, { carName, category: 'honda', listing: { ...comparable, currentPrice: price } });
}

for (const width of WIDTHS) {
  test(`a car's page rates its price against the market and says why; the best deal comes first (${width} px)`, async ({ page, request }) => {
    const carName = modelName();
    const seller = await newAccount(request, 'Seller');
    // Fewer than five comparables: no rating, and why.
    const early = await listOne(request, seller, carName, 14_350);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/hondas/${early}`);
    await expect(page.getByText('No rating yet')).toBeVisible();
    await expect(page.getByText('No similar cars are listed by other sellers yet.')).toBeVisible();

    await listMarket(request, carName);
    const bargain = await listOne(request, await newAccount(request, 'Seller'), carName, 12_800);
    await page.goto(`/hondas/${bargain}`);
    await expect(page.getByText('Great deal', { exact: true })).toBeVisible();
    // The estimate comes from six other sellers' cars, the first one's among them: their median, $14,350, to the nearest $100.
    await expect(page.getByText('$1,600 below the $14,400 estimate from 6 similar cars')).toBeVisible();
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);

    // Best deal first: the bargain, then the fair prices, the dearest last.
    await page.goto(`/search?q=${encodeURIComponent(carName)}&sort=deal`);
    await expect(page.getByRole('heading', { level: 2, name: '7 cars' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(cards).toHaveCount(7);
    await expect(cards.first()).toContainText('$12,800');
    await expect(cards.first()).toContainText('Great deal');
    await expect(cards.last()).toContainText('$15,000');
    await expectAxeClean(page);
  });
}

test("one seller's fakes do not move their own car's rating", async ({ page, request }) => {
  const carName = modelName();
  await listMarket(request, carName);
  const seller = await newAccount(request, 'Seller');
  const mine = await listOne(request, seller, carName, 16_000);
  await page.goto(`/hondas/${mine}`);
  await expect(page.getByText('Overpriced', { exact: true })).toBeVisible();
  await expect(page.getByText('$1,600 above the $14,400 estimate from 5 similar cars')).toBeVisible();

  // Cheap copies of the seller's own: none counts for their car, which stays overpriced.
  for (let copy = 0; copy < 5; copy += 1) await listOne(request, seller, carName, 9_000);
  await page.reload();
  await expect(page.getByText('Overpriced', { exact: true })).toBeVisible();
  await expect(page.getByText('$1,600 above the $14,400 estimate from 5 similar cars')).toBeVisible();
});

test('a seller sees the estimate and the rating their price would get while setting it', async ({ page, request }) => {
  const carName = modelName();
  await listMarket(request, carName);
  const seller = await newAccount(request, 'Seller');
  await logInAt(page, seller.email, seller.password);
  await page.goto('/dashboard/addProduct');
  await (await hydrated(page.getByLabel('Car name'))).fill(carName);
  await page.getByLabel('Category').selectOption('honda');
  await page.getByLabel('Purchase year').fill('2019');
  await fillCarFacts(page, { mileage: '40000' });
  const hint = page.getByRole('status').filter({ hasText: /similar cars/i });
  await expect(hint).toContainText('Similar cars sell for about $14,400 (5 listed by other sellers).');
  await page.getByLabel('Current price').fill('13800');
  await expect(hint).toContainText('Good deal');
  await expect(hint).toContainText('$600 below the $14,400 estimate from 5 similar cars');
  await page.getByLabel('Current price').fill('16000');
  await expect(hint).toContainText('Overpriced');
});
