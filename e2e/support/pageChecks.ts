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
