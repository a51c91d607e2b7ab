import type { Page } from '@playwright/test';

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
