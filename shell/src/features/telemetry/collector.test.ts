import { PAGE_TOKEN_ALLOWANCE, PAGE_TOKEN_TTL_SECONDS } from '@usedcars/shared-contract/page-token';
import { startCollector } from './collector';

const TOKEN = 'eyJwYWdlIjoxfQ.c2lnbmVk';

/** What the page sent with sendBeacon, as the API reads it. */
function beacons(): { sent: () => Promise<unknown[]> } {
  const sent: Blob[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => sent.push(body) > 0,
  });
  const read = (blob: Blob) =>
    new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(JSON.parse(String(reader.result)));
      reader.readAsText(blob);
    });
  return { sent: () => Promise.all(sent.splice(0).map(read)) };
}

/** The tab is hidden (switched away from, or left: a page being left is hidden after its pagehide). */
function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  jest.useRealTimers();
});

const landing = { screen: 'catalog/CarDetailPage', remote: 'catalog', release: 'unknown' };

test("an event noted before its remote registered is sent under the release the remote registered with, with the page's token", async () => {
  const { sent } = beacons();
  const releases = new Map<string, string>();
  const collector = startCollector({ apiUrl: 'http://api.test', token: TOKEN, current: () => landing, landing, releaseOf: (remote) => releases.get(remote) });
  collector.take({ type: 'view', tags: landing });
  releases.set('catalog', '0.2.0');

  hide();

  expect(await sent()).toEqual([{ token: TOKEN, events: [{ type: 'view', screen: 'catalog/CarDetailPage', remote: 'catalog', release: '0.2.0' }] }]);
});

test('sends nothing past what one token counts, and one beacon as the page is left', async () => {
  const { sent } = beacons();
  const tags = { ...landing, release: '0.2.0' };
  const collector = startCollector({ apiUrl: 'http://api.test', token: TOKEN, current: () => tags, landing: tags, releaseOf: () => '0.2.0' });
  for (let i = 0; i < PAGE_TOKEN_ALLOWANCE.view + 10; i += 1) collector.take({ type: 'view', tags });
  dispatchEvent(new Event('pagehide'));
  // What is noted between pagehide and the page turning hidden (Web Vitals' last values) goes in the same beacon.
  for (let i = 0; i < PAGE_TOKEN_ALLOWANCE.error + 10; i += 1) collector.take({ type: 'error', kind: 'boundary', tags });
  hide();
  hide();
  const batches = (await sent()) as Array<{ events: Array<{ type: string }> }>;
  expect(batches).toHaveLength(1);
  const events = batches[0]!.events;
  expect(events.filter((event) => event.type === 'view')).toHaveLength(PAGE_TOKEN_ALLOWANCE.view);
  expect(events.filter((event) => event.type === 'error')).toHaveLength(PAGE_TOKEN_ALLOWANCE.error);
});

test('sends what it noted just before the token stops counting, and nothing after', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const { sent } = beacons();
  const tags = { ...landing, release: '0.2.0' };
  const collector = startCollector({
    apiUrl: 'http://api.test',
    token: TOKEN,
    current: () => tags,
    landing: tags,
    releaseOf: () => '0.2.0',
    servedAt: 1_000_000,
  });
  collector.take({ type: 'view', tags });
  jest.advanceTimersByTime(PAGE_TOKEN_TTL_SECONDS * 1000 - 60_000);
  expect(await sent()).toEqual([]);
  jest.advanceTimersByTime(30_000);
  expect(await sent()).toEqual([{ token: TOKEN, events: [{ type: 'view', ...tags }] }]);
  collector.take({ type: 'view', tags });
  hide();
  expect(await sent()).toEqual([]);
});

test("an error goes with its message and its stack's first frames", async () => {
  const { sent } = beacons();
  const tags = { ...landing, release: '0.2.0' };
  const collector = startCollector({ apiUrl: 'http://api.test', token: TOKEN, current: () => tags, landing: tags, releaseOf: () => '0.2.0' });
  const error = new TypeError('car is undefined');
  error.stack = 'TypeError: car is undefined\n    at CarDetailPage (https://cdn.test/catalog/0.2.0/static/js/812.4f3a2b1c.js:1:4521)';
  collector.take({ type: 'error', kind: 'boundary', tags, error });
  hide();
  expect(await sent()).toEqual([
    {
      token: TOKEN,
      events: [
        {
          type: 'error',
          kind: 'boundary',
          message: 'car is undefined',
          frames: [{ file: 'https://cdn.test/catalog/0.2.0/static/js/812.4f3a2b1c.js', line: 1, column: 4521, fn: 'CarDetailPage' }],
          ...tags,
        },
      ],
    },
  ]);
});
