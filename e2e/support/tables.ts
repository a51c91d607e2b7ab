import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';

/**
 * The one row of a dashboard table that holds `text`, paging the table forward as a person would:
 * tables show 20 rows a page, and other specs' accounts and cars may come first.
 */
export async function rowOf(page: Page, table: string, text: string): Promise<Locator> {
  const rows = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
  const next = page.getByRole('navigation', { name: `Pages of ${table.toLowerCase()}` }).getByRole('button', { name: 'Next page' });
  await expect(page.getByRole('table', { name: table })).toBeAttached({ timeout: 45_000 });
  for (let turn = 0; turn < 200 && (await rows.count()) === 0; turn += 1) {
    if ((await next.count()) === 0 || !(await next.isEnabled())) break;
    await (await hydrated(next)).click();
  }
  await expect(rows).toHaveCount(1);
  return rows;
}
