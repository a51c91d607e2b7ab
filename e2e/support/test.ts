import { expect, test as base, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';

/**
 * The browser suite's `test`: every page any spec opens reports the content security policy's
 * refusals, and a test that caused one fails. The site's pages allow only their own scripts and
 * the remotes' (docs/operations.md, "Security headers"); a refusal is something the page needed
 * and did not get, or something that should not be there.
 */
declare global {
  interface Window {
    __reportPolicyViolation?: (text: string) => void;
  }
}

async function watchPolicy(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('__reportPolicyViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportPolicyViolation?.(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} on ${location.href}`);
    });
  });
}

/** The signed-in page's message stream stays open for as long as the page: it is never "in flight" work. */
const LONG_LIVED = /\/conversations\/stream(\?|$)/;
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

function trackRequests(context: BrowserContext): void {
  if (inFlight.has(context)) return;
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  context.on('request', (request) => void (LONG_LIVED.test(request.url()) || pending.add(request)));
  context.on('requestfinished', (request) => void pending.delete(request));
  context.on('requestfailed', (request) => void pending.delete(request));
}

/** What `networkidle` means for these tests: nothing but the message stream in flight for 500 ms. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const pending = inFlight.get(page.context());
  if (!pending) return page.waitForLoadState('networkidle');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { intervals: [100], timeout: 60_000 },
    )
    .toBe(true);
}

export const test = base.extend<{ policyViolations: string[] }>({
  policyViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      trackRequests(context);
      await watchPolicy(context, violations);
      // Pages the spec opens in contexts of its own (another person signed in beside the first).
      const original = { newContext: browser.newContext, newPage: browser.newPage };
      const patched = browser as Browser & Record<'newContext' | 'newPage', unknown>;
      patched.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const created = await original.newContext.apply(browser, args);
        trackRequests(created);
        await watchPolicy(created, violations);
        return created;
      };
      patched.newPage = async (options?: Parameters<Browser['newPage']>[0]) => {
        const created = await (patched.newContext as Browser['newContext'])(options);
        const page = await created.newPage();
        page.once('close', () => void created.close());
        return page;
      };
      try {
        await use(violations);
      } finally {
        patched.newContext = original.newContext;
        patched.newPage = original.newPage;
      }
      expect(violations, 'the content security policy refused something').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
