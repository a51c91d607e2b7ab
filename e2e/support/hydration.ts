import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has hydrated this element of a server-rendered page: until then a click or a
 * keystroke reaches markup without handlers (a signed-in brand list arrives rendered by the server).
 */
export async function hydrated(element: Locator): Promise<Locator> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), { timeout: 30_000 }).toBe(true);
  return element;
}
