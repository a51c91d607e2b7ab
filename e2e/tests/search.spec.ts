// Pipelines: catalog
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { listCar, newAccount, type SpecAccount } from '../support/accounts';
import { logInAt, expectNoSidewaysScroll } from '../support/pageChecks';
import { expectAxeClean } from '../support/market';
import { hydrated } from '../support/hydration';
import { recordShifts, shiftOfFirstLoad } from '../support/layoutShifts';

/**
 * Finding the right car (docs/product.md, "Search", "Facets", "Compare", "Monthly cost"): the
 * navbar's search box, a typo that still finds the car, facet counts that follow the picks and
 * equal the results, Back restoring them, three cars side by side, the monthly cost, and a saved
 * search with facets that alerts on a matching new car only; on a phone and on a laptop.
 */
const WIDTHS = [375, 1280] as const;

/** A made-up model word, so only this run's cars match it; and the same word with one letter dropped. */
function modelWord(): { word: string; typo: string } {
  const letters = [...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const word = `zorbex${letters}`;
  return { word, typo: word.slice(0, 4) + word.slice(5) };
}

const facts = { mileage: 25_000, fuel: 'diesel', gearbox: 'automatic', body: 'saloon', colour: 'blue', previousOwners: 1 } as const;

/** Three cars of the model: two diesels (a Honda, an Audi), one petrol Honda. */
async function listThree(request: APIRequestContext, seller: SpecAccount, word: string): Promise<string[]> {
  const name = (make: string, trim: string) => `${make} ${word[0]!.toUpperCase()}${word.slice(1)} ${trim}`;
  return [
    await listCar(request, seller, {
      carName: name('Honda', 'Sport'),
      category: 'honda',
      listing: { ...facts, currentPrice: 15_000, purchaseYear: '2019', location: 'Austin, TX' },
    }),
    await listCar(request, seller, {
      carName: name('Honda', 'Touring'),
      category: 'honda',
      listing: { ...facts, fuel: 'petrol', gearbox: 'manual', mileage: 40_000, currentPrice: 18_000, purchaseYear: '2020', location: 'Dallas, TX' },
    }),
    await listCar(request, seller, {
      carName: name('Audi', 'Quattro'),
      category: 'audi',
      listing: { ...facts, mileage: 70_000, currentPrice: 22_000, purchaseYear: '2018', location: 'Austin, TX' },
    }),
  ];
}

/** The words of every control and label inside `scope` that the browser broke across two lines. */
async function brokenWords(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    for (const element of root.querySelectorAll('button, a, label, legend, th, dt, h1, h2')) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The facets: beside the results on a laptop; on a phone in the sheet the Filters button opens. */
async function openFacets(page: Page, width: number): Promise<Locator> {
  if (width >= 900) return page.getByRole('complementary', { name: 'Filter by' });
  const button = await hydrated(page.getByRole('button', { name: /^Filters/ }));
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filter by' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function closeFacets(page: Page, width: number): Promise<void> {
  if (width >= 900) return;
  const sheet = page.getByRole('dialog', { name: 'Filter by' });
  await sheet.getByRole('button', { name: /^Show \d+ cars?$/ }).click();
  await expect(sheet).toBeHidden();
  // The focus goes back to the button that opened the sheet.
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
}

const results = (page: Page) => page.getByRole('heading', { level: 2, name: /^([\d,]+ cars?|No cars found|Showing .*)$/ });

for (const width of WIDTHS) {
  test(`the navbar's search finds a car through a typo; facet counts follow the picks and Back restores them (${width} px)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const seller = await newAccount(request, 'Seller');
    const { word, typo } = modelWord();
    await listThree(request, seller, word);

    // The results are in the server's HTML, before any script (a render past the budget of a busy
    // moment is left to the browser, so the next ones are asked for until one is the server's).
    await expect
      .poll(async () => (await request.get(`/search?q=${typo}`)).text(), { timeout: 60_000 })
      .toContain(`Honda ${word[0]!.toUpperCase()}${word.slice(1)} Sport`);

    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search cars' });
    await (await hydrated(box)).fill(typo);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${typo}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Cars matching “${typo}”` })).toBeVisible();
    await expect(results(page)).toHaveText('3 cars');

    let facets = await openFacets(page, width);
    await expect(facets.getByRole('checkbox', { name: 'Diesel (2)' })).toBeVisible();
    await expect(facets.getByRole('checkbox', { name: 'Petrol (1)' })).toBeVisible();
    await expect(facets.getByRole('checkbox', { name: 'Electric (0)' })).toHaveCount(0);
    await expectAxeClean(page);
    expect(await brokenWords(facets)).toEqual([]);

    await (await hydrated(facets.getByRole('checkbox', { name: 'Diesel (2)' }))).check();
    // The facet's own counts stay, so another fuel can be added; the other facets narrow.
    await expect(facets.getByRole('checkbox', { name: 'Petrol (1)' })).toBeVisible();
    await expect(facets.getByRole('checkbox', { name: 'Honda (1)' })).toBeVisible();
    await expect(facets.getByRole('checkbox', { name: 'Audi (1)' })).toBeVisible();
    await facets.getByRole('checkbox', { name: 'Honda (1)' }).check();
    await expect(facets.getByRole('checkbox', { name: 'Petrol (1)' })).toBeVisible();
    await closeFacets(page, width);
    await expect(page).toHaveURL(/fuel=diesel/);
    await expect(page).toHaveURL(/brand=honda/);
    // Each count is the number of cars the list shows once it is picked.
    await expect(results(page)).toHaveText('1 car');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article')).toHaveCount(1);

    facets = await openFacets(page, width);
    await facets.getByRole('checkbox', { name: 'Petrol (1)' }).check();
    await closeFacets(page, width);
    await expect(results(page)).toHaveText('2 cars');

    await page.goBack();
    await expect(results(page)).toHaveText('1 car');
    await page.goBack();
    await expect(results(page)).toHaveText('2 cars');
    facets = await openFacets(page, width);
    await expect(facets.getByRole('checkbox', { name: 'Diesel (2)' })).toBeChecked();
    await expect(facets.getByRole('checkbox', { name: 'Honda (1)' })).not.toBeChecked();
    await expectNoSidewaysScroll(page);
  });

  test(`three cars side by side, differences marked, one taken out without losing the rest (${width} px)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const seller = await newAccount(request, 'Seller');
    const { word } = modelWord();
    const ids = await listThree(request, seller, word);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/search?q=${word}`);
    await expect(results(page)).toHaveText('3 cars');
    for (const card of await page.getByRole('list', { name: 'Search results' }).getByRole('article').all()) {
      await (await hydrated(card.getByRole('button', { name: 'Compare' }))).click();
      await expect(card.getByRole('button', { name: 'Compare' })).toHaveAttribute('aria-pressed', 'true');
    }
    await page.getByRole('link', { name: 'Compare (3)' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=/);
    const table = page.getByRole('region', { name: 'Compared cars' });
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /^Fuel Differs/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Body/ })).not.toContainText('Differs');
    await expectAxeClean(page);
    expect(await brokenWords(page.getByRole('main'))).toEqual([]);

    // The comparison is the address's: the server renders the same cars for anyone with the link.
    await expect.poll(async () => (await request.get(`/compare?ids=${ids.join(',')}`)).text(), { timeout: 60_000 }).toContain('Differs');

    const first = table.getByRole('columnheader').first();
    const removed = (await first.getByRole('link').textContent())!;
    await first.getByRole('button', { name: `Remove ${removed}` }).click();
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table).not.toContainText(removed);
    await page.goBack();
    await expect(table.getByRole('columnheader')).toHaveCount(3);
  });

  test(`a car's page works out the monthly cost from the site's settings, as the buyer types (${width} px)`, async ({ page, request }) => {
    const seller = await newAccount(request, 'Seller');
    const { word } = modelWord();
    const [carId] = await listThree(request, seller, word);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/hondas/${carId}`);
    const cost = page.getByRole('region', { name: 'Monthly cost' });
    // $15,000, a 10 % deposit, 60 months at 7.5 %: the site's defaults.
    await expect(cost.getByLabel('Deposit ($)')).toHaveValue('1500');
    await expect(cost.getByLabel('Term')).toHaveValue('60');
    await expect(cost.getByLabel('Interest rate (% a year)')).toHaveValue('7.5');
    await expect(cost.getByRole('status')).toContainText('$270.51');
    await (await hydrated(cost.getByLabel('Term'))).selectOption('36');
    await expect(cost.getByRole('status')).toContainText('$419.93');
    await cost.getByLabel('Deposit ($)').fill('20000');
    await expect(cost.getByText('The deposit can be at most the price, $15,000')).toBeVisible();
    await expect(cost.getByRole('status')).toContainText('—');
    await expect(page.getByText('Mileage', { exact: true })).toBeVisible();
    await expectAxeClean(page);
    expect(await brokenWords(cost)).toEqual([]);
  });
}

test('the search, a comparison and a car page do not move while they arrive', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seller = await newAccount(request, 'Seller');
  const { word } = modelWord();
  const ids = await listThree(request, seller, word);
  await recordShifts(page);
  for (const [address, ready] of [
    [`/search?q=${word}&fuel=diesel`, (p: Page) => p.getByRole('heading', { level: 2, name: '2 cars' })],
    [`/compare?ids=${ids.join(',')}`, (p: Page) => p.getByRole('region', { name: 'Compared cars' })],
    [`/hondas/${ids[0]}`, (p: Page) => p.getByRole('region', { name: 'Monthly cost' })],
  ] as const) {
    for (const width of WIDTHS) {
      const { total, shifts } = await shiftOfFirstLoad(page, address, width, ready);
      expect(total, `${address} at ${width} px moved: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
    }
  }
});

for (const width of WIDTHS) {
  test(`a saved search with facets tells its buyer of a matching new car only (${width} px)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const seller = await newAccount(request, 'Seller');
    const buyer = await newAccount(request, 'Buyer');
    const { word } = modelWord();
    await listThree(request, seller, word);
    await logInAt(page, buyer.email, buyer.password);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/hondas?q=${word}`);
    const facets = await openFacets(page, width);
    await (await hydrated(facets.getByRole('checkbox', { name: 'Diesel (1)' }))).check();
    await closeFacets(page, width);
    await expect(page).toHaveURL(/fuel=diesel/);
    await (await hydrated(page.getByRole('button', { name: 'Save this search' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog.getByLabel('Name')).toHaveValue(`Honda cars, “${word}”, Diesel`);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText(`Search saved: Honda cars, “${word}”, Diesel`)).toBeVisible();

    // A petrol one and an Audi do not match; a diesel Honda does.
    const name = `Honda ${word} New`;
    await listCar(request, seller, { carName: `${name} petrol`, category: 'honda', listing: { ...facts, fuel: 'petrol' } });
    await listCar(request, seller, { carName: `Audi ${word} New`, category: 'audi', listing: facts });
    await listCar(request, seller, { carName: `${name} diesel`, category: 'honda', listing: facts });
    await page.goto('/about');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await (await hydrated(bell)).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`${name} diesel at \\$21,500`) })).toBeVisible();
  });
}
