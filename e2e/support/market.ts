import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { SpecAccount } from './accounts';
import { SITE, siteDir } from './site';

/** axe-core's own build, run inside the page by the DevTools protocol (not a script tag the page's policy would refuse). */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The page as rendered now breaks none of axe's WCAG 2.1 A and AA rules. */
export async function expectAxeClean(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }
    ).axe;
    // WCAG 2.1 A and AA, and every landmark told apart from the others of its kind (a screen reader lists them by name).
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'landmark-unique': { enabled: true } },
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  });
  expect(violations, `axe on ${page.url()}`).toEqual([]);
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The mails the site's mail catcher caught for this address (scripts/site.mjs keeps them as one
 * JSON file each under the run's data folder, beside its site folder).
 */
export function caughtMails(email: string): CaughtMail[] {
  const dir = path.join(path.dirname(siteDir()), 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CaughtMail).filter((mail) => mail.to.includes(email));
}

/** A seller changes their own listing through the API (PATCH /hondas/{id}). */
export async function changeListing(request: APIRequestContext, seller: SpecAccount, carId: string, change: Record<string, unknown>): Promise<void> {
  const response = await request.patch(`${SITE.api}/hondas/${carId}`, { headers: seller.auth, data: change });
  expect(response.status(), await response.text()).toBe(200);
}

/** Add Product's facts, as a seller fills them in (docs/product.md, "Add Product"). */
export async function fillCarFacts(
  page: Page,
  facts: { mileage?: string; fuel?: string; gearbox?: string; body?: string; colour?: string; owners?: string } = {},
): Promise<void> {
  await page.getByLabel('Mileage').fill(facts.mileage ?? '52000');
  await page.getByLabel('Fuel').selectOption(facts.fuel ?? 'petrol');
  await page.getByLabel('Gearbox').selectOption(facts.gearbox ?? 'automatic');
  await page.getByLabel('Body').selectOption(facts.body ?? 'saloon');
  await page.getByLabel('Colour').selectOption(facts.colour ?? 'silver');
  await page.getByLabel('Previous owners').fill(facts.owners ?? '1');
}
