// The signed-in message stream stays open by design, so Playwright's "networkidle" never comes on a signed-in page.
const STREAM = '/conversations/stream';

/** Watches a page's requests from now on; `settled()` waits until none but the stream has been in flight for `quietMs`. */
export function watchNetwork(page, { quietMs = 500, timeoutMs = 30_000 } = {}) {
  const pending = new Set();
  page.on('request', (request) => void (request.url().includes(STREAM) || pending.add(request)));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return {
    async settled() {
      await page.waitForLoadState('load');
      const started = Date.now();
      let quietSince = started;
      while (Date.now() - quietSince < quietMs) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`the page's network did not settle within ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (pending.size > 0) quietSince = Date.now();
      }
    },
  };
}
