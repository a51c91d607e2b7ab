import { loadScriptsAfterPaint } from './scriptsAfterPaint';

const scriptsAsked = () => [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
const preloadsAsked = () => [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'));

function serverRenderedPage(picture: boolean): Element {
  document.head.innerHTML = '<script type="application/json" id="usedcars-after-paint">["/bootstrap.js","http://localhost:3001/remoteEntry.js"]</script>';
  document.body.innerHTML = `<div id="root" data-server-rendered>${picture ? '<img src="/hero.svg" fetchpriority="high">' : '<h1>Blogs</h1>'}</div>`;
  return document.getElementById('root')!;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a page the browser renders itself asks for its scripts at once', () => {
  document.head.innerHTML = '';
  loadScriptsAfterPaint(null, ['/react-dom.js', '/main.js']);
  expect(scriptsAsked()).toEqual(['/react-dom.js', '/main.js']);
});

test("a server-rendered page asks for main's scripts and its screen's only once its largest picture has arrived and a frame has passed", () => {
  const root = serverRenderedPage(true);
  loadScriptsAfterPaint(root, ['/react-dom.js', '/main.js']);
  jest.advanceTimersByTime(1_000);
  expect(scriptsAsked()).toEqual([]);
  root.querySelector('img')!.dispatchEvent(new Event('load'));
  expect(scriptsAsked()).toEqual([]);
  jest.advanceTimersByTime(250);
  expect(scriptsAsked()).toEqual(['/react-dom.js', '/main.js']);
  expect(preloadsAsked()).toEqual(['/bootstrap.js', 'http://localhost:3001/remoteEntry.js']);
  // Once only, however the waits end.
  jest.advanceTimersByTime(5_000);
  expect(scriptsAsked()).toHaveLength(2);
});

test('a picture that never arrives keeps the page from its scripts for 3 s at most', () => {
  const root = serverRenderedPage(true);
  loadScriptsAfterPaint(root, ['/main.js']);
  jest.advanceTimersByTime(2_900);
  expect(scriptsAsked()).toEqual([]);
  jest.advanceTimersByTime(250);
  expect(scriptsAsked()).toEqual(['/main.js']);
});

test('a picture that fails counts as arrived, and a page without one waits for a frame only', () => {
  const withPicture = serverRenderedPage(true);
  loadScriptsAfterPaint(withPicture, ['/main.js']);
  withPicture.querySelector('img')!.dispatchEvent(new Event('error'));
  jest.advanceTimersByTime(250);
  expect(scriptsAsked()).toEqual(['/main.js']);

  const withoutPicture = serverRenderedPage(false);
  loadScriptsAfterPaint(withoutPicture, ['/main.js']);
  expect(scriptsAsked()).toEqual([]);
  jest.advanceTimersByTime(250);
  expect(scriptsAsked()).toEqual(['/main.js']);
});

test("the screen's scripts are asked for in the task after main's", () => {
  const root = serverRenderedPage(false);
  loadScriptsAfterPaint(root, ['/main.js']);
  while (scriptsAsked().length === 0) jest.advanceTimersToNextTimer();
  expect(scriptsAsked()).toEqual(['/main.js']);
  expect(preloadsAsked()).toEqual([]);
  jest.advanceTimersToNextTimer();
  expect(preloadsAsked()).toEqual(['/bootstrap.js', 'http://localhost:3001/remoteEntry.js']);
});

test('where the browser reports its paints, the scripts wait until the first frame is on screen, not only rendered', () => {
  const painted: PerformanceEntry[] = [];
  const observers: (() => void)[] = [];
  class Observer {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  const original = globalThis.PerformanceObserver;
  const own = Object.getOwnPropertyDescriptor(performance, 'getEntriesByType');
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: (type: string) => (type === 'paint' ? painted : []) });
  globalThis.PerformanceObserver = Observer as unknown as typeof PerformanceObserver;
  try {
    const root = serverRenderedPage(false);
    loadScriptsAfterPaint(root, ['/main.js']);
    // Frames have passed, and none has been shown yet (a busy phone).
    jest.advanceTimersByTime(1_000);
    expect(scriptsAsked()).toEqual([]);
    painted.push({ name: 'first-contentful-paint', entryType: 'paint', startTime: 1_200, duration: 0 } as PerformanceEntry);
    for (const told of observers) told();
    expect(scriptsAsked()).toEqual(['/main.js']);
  } finally {
    globalThis.PerformanceObserver = original;
    if (own) Object.defineProperty(performance, 'getEntriesByType', own);
    else delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  }
});
