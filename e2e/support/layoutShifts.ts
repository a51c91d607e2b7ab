import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './test';

/** A layout shift as the browser reported it (PerformanceObserver, 'layout-shift'): its score and the elements that moved. */
export interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of each document this page loads, from its very start, but those right after the visitor's input (as Web Vitals' CLS counts them). */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as Window & { layoutShifts?: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node as Element | undefined;
            return node ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ').join('.')}` : '?';
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts the page's document recorded so far (recordShifts), and their sum. */
export async function shiftsSoFar(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => (window as Window & { layoutShifts?: Shift[] }).layoutShifts ?? []);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/** A first load of `address` at `width`, until `ready` shows and the network has settled. */
export async function shiftOfFirstLoad(
  page: Page,
  address: string,
  width: number,
  ready: (page: Page) => Locator,
): Promise<{ total: number; shifts: Shift[] }> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(address);
  // Attached, not visible: on a phone the navbar's Log Out sits in the closed menu.
  await expect(ready(page)).toBeAttached();
  await settled(page);
  // What arrives last has been laid out: every picture the page asked for has loaded (or failed),
  // the fonts are in, and the browser has rendered two frames since.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return shiftsSoFar(page);
}
