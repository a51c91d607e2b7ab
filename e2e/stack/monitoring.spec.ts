import { expect, test } from '../support/test';
import { SITE } from '../support/site';
import { prometheus, stack, targets } from './stack';

/** Monitoring of the production shape (docs/operate-production.md, "Monitoring"): Prometheus scrapes every part. */

test('Prometheus scrapes every part: both render servers and API instances with the metrics token, the balancer, the cache and the database', async () => {
  const { ports } = stack();
  // A page past the cache (rendered) and an API read, so each part has counted something.
  await (await fetch(`${SITE.shell}/hondas?monitoring=${Date.now()}`)).text();
  await (await fetch(`${SITE.api}/hondas?limit=1`)).text();
  const expected = [
    ['alertmanager', ports.alertmanager],
    ['api', ports.api1],
    ['api', ports.api2],
    ['balancer', ports.balancerMetrics],
    ['cache', ports.cacheExporter],
    ['database', ports.databaseExporter],
    ['prometheus', ports.prometheus],
    ['render', ports.render1],
    ['render', ports.render2],
  ].map(([job, port]) => `${job} 127.0.0.1:${port} up`);
  const seen = async () =>
    (await targets())
      .map((target) => `${target.labels.job} ${target.labels.instance} ${target.health}${target.lastError ? ` (${target.lastError})` : ''}`)
      .sort();
  await expect.poll(seen, { timeout: 30_000 }).toEqual(expected.sort());
  // What the rules are made of arrives: the pages frontend and the cache's hits, each a series of its own.
  const query = async (expr: string) =>
    ((await (await fetch(`${prometheus()}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { data: { result: unknown[] } }).data.result.length;
  for (const expr of [
    'haproxy_frontend_http_requests_total{proxy="pages"}',
    'varnish_main_cache_hit',
    'pg_up == 1',
    'render_pages_total',
    'http_request_duration_seconds_count{job="api"}',
  ])
    await expect.poll(() => query(expr), { message: expr, timeout: 30_000 }).toBeGreaterThan(0);
  // Without the token, a scrape gets nothing: /metrics is not public.
  expect((await fetch(`http://127.0.0.1:${ports.api1}/metrics`)).status).toBe(404);
});
