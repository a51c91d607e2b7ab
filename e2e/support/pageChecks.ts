import { expect, type Page } from '@playwright/test';

/** The page does not scroll sideways at the width it is shown at (tables scroll in their own region). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/**
 * Signs in on the Login screen at any width (at 375 px Log Out sits in the closed menu): done
 * once the site holds the API's access token.
 */
export async function logInAt(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 45_000 }).toBeTruthy();
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 45_000 });
}

/** Words the page broke across lines although a line could hold them (a table column squeezed to a letter or two). */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Long strings (an e-mail address, a release version) may have to break on a phone; a word this short never does.
    const SHORT = 16;
    const hidden = (element: Element | null) => {
      for (let at = element; at; at = at.parentElement) if (at.getBoundingClientRect().width <= 2) return true;
      return false;
    };
    const broken = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const word of node.data.matchAll(/[^\s\-–—]+/g)) {
        if (word[0].length > SHORT) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1 && !hidden(node.parentElement)) broken.add(word[0]);
      }
    }
    return [...broken];
  });
}

/**
 * What a person at this width cannot reach without the page scrolling sideways: each control
 * (button, link, form field) or table past the viewport's right edge, unless a region that scrolls
 * or clips holds it (that region is then what counts). With `regionsScroll: false` (a laptop's
 * width), a region that must scroll sideways to show its table or controls counts too: there,
 * every dashboard table fits its panel (docs/product.md, "Dashboard").
 */
export async function pastTheEdge(page: Page, { regionsScroll }: { regionsScroll: boolean }): Promise<string[]> {
  return page.evaluate((regionsScroll) => {
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, table, [role="button"], [role="link"]';
    const edge = document.documentElement.clientWidth;
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const clipsSideways = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLTableElement ? element.caption?.textContent : null) ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    };
    const holderOf = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body && at !== document.documentElement; at = at.parentElement)
        if (clipsSideways(at)) return at;
      return null;
    };
    const found: string[] = [];
    const regions = new Set<Element>();
    // Controls first, then each region that holds one, then the regions holding those: whatever no region holds must fit.
    const queue = [...document.querySelectorAll(CONTROLS)].filter(shown);
    for (const element of queue) {
      const holder = holderOf(element);
      if (holder) {
        if (!regions.has(holder)) queue.push(holder);
        regions.add(holder);
        continue;
      }
      const right = element.getBoundingClientRect().right;
      const what = regions.has(element) ? `the region holding ${describe(element.querySelector(CONTROLS)!)}` : describe(element);
      if (right > edge + 1) found.push(`${what} ends at ${Math.round(right)} px, past the ${edge} px viewport`);
    }
    for (const region of regions) {
      const style = getComputedStyle(region);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (!regionsScroll && scrolls && shown(region) && region.scrollWidth > region.clientWidth + 1) {
        found.push(`the region holding ${describe(region.querySelector(CONTROLS)!)} scrolls sideways by ${region.scrollWidth - region.clientWidth} px`);
      }
    }
    return found;
  }, regionsScroll);
}
