import { QUERY_RETRIES, createQueryClient, queryRetryDelay, retryUnlessRefused } from './appSettings';

/** SPEC.md §9, configured once: 3 retries with exponential back-off up to 30 s, 5 minutes of cache. */
test('outages are retried three times with a back-off capped at 30 s; the cache keeps 5 minutes', () => {
  const outage = Object.assign(new Error('Bad gateway'), { status: 502 });
  const unreachable = new Error('We could not reach the Used Cars server');
  expect([0, 1, 2, 3].map((n) => retryUnlessRefused(n, outage))).toEqual([true, true, true, false]);
  expect([0, 1, 2, 3].map((n) => retryUnlessRefused(n, unreachable))).toEqual([true, true, true, false]);
  expect(QUERY_RETRIES).toBe(3);
  expect([0, 1, 2, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.gcTime).toBe(5 * 60 * 1000);
  expect(defaults?.retry).toBe(retryUnlessRefused);
});

test('a refusal (4xx) is shown at once: it would answer the same on every retry', () => {
  for (const status of [400, 401, 403, 404, 409]) {
    expect(retryUnlessRefused(0, Object.assign(new Error('refused'), { status }))).toBe(false);
  }
});
