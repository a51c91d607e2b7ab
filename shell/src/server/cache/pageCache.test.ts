import { brotliDecompressSync } from 'node:zlib';
import { PageCache, encodePage } from './pageCache';

function cacheAt(clock: { now: number }, maxPages = 10) {
  const cache = new PageCache({ maxPages, freshMs: 1_000, staleMs: 5_000, now: () => clock.now });
  cache.setCaching(true);
  return cache;
}

test('a stored page is fresh, then stale, then gone', () => {
  const clock = { now: 0 };
  const cache = cacheAt(clock);
  cache.store('/a', cache.ticket(), 200, '<p>a</p>');
  expect(cache.lookup('/a')).toMatchObject({ fresh: true, page: { status: 200, html: '<p>a</p>' } });
  clock.now = 1_500;
  expect(cache.lookup('/a')?.fresh).toBe(false);
  clock.now = 6_001;
  expect(cache.lookup('/a')).toBeUndefined();
});

test('a change drops every page, and a render that started before it is not stored', () => {
  const cache = cacheAt({ now: 0 });
  cache.store('/a', cache.ticket(), 200, 'a');
  const before = cache.ticket();
  cache.invalidate();
  expect(cache.lookup('/a')).toBeUndefined();
  cache.store('/b', before, 200, 'b');
  expect(cache.lookup('/b')).toBeUndefined();
});

test('nothing is cached while changes may be missed', () => {
  const cache = cacheAt({ now: 0 });
  cache.store('/a', cache.ticket(), 200, 'a');
  cache.setCaching(false);
  expect(cache.lookup('/a')).toBeUndefined();
  cache.store('/b', cache.ticket(), 200, 'b');
  expect(cache.size).toBe(0);
});

test('when full, the page used least recently goes first', () => {
  const cache = cacheAt({ now: 0 }, 2);
  cache.store('/a', cache.ticket(), 200, 'a');
  cache.store('/b', cache.ticket(), 200, 'b');
  cache.lookup('/a');
  cache.store('/c', cache.ticket(), 200, 'c');
  expect(cache.lookup('/b')).toBeUndefined();
  expect(cache.lookup('/a')).toBeDefined();
  expect(cache.lookup('/c')).toBeDefined();
});

test("a cached page is compressed once per encoding, in the browser's preferred one", () => {
  const cache = cacheAt({ now: 0 });
  cache.store('/a', cache.ticket(), 200, '<p>hello</p>'.repeat(50));
  const page = cache.lookup('/a')!.page;
  const first = encodePage('gzip, deflate, br', page.html, page);
  expect(first.encoding).toBe('br');
  expect(brotliDecompressSync(first.body as Buffer).toString()).toBe(page.html);
  expect(encodePage('br', page.html, page).body).toBe(first.body);
  expect(encodePage('gzip', page.html, page).encoding).toBe('gzip');
  expect(encodePage('', page.html, page)).toEqual({ body: page.html });
});
