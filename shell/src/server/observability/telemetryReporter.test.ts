/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RenderMetrics } from './metrics';
import { reportRenders } from './telemetryReporter';

/** The API's side, as far as this goes: what each POST /telemetry carried and with which authorization. */
function fakeApi(): Promise<{ server: Server; url: string; received: Array<{ authorization?: string; body: unknown }> }> {
  const received: Array<{ authorization?: string; body: unknown }> = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received })),
  );
}

test("sends the worker's renders per remote, release and outcome, and the pages it served per release, with the render servers' token", async () => {
  const api = await fakeApi();
  const metrics = new RenderMetrics({ defaults: false });
  const tokens = { takeServed: () => [{ remote: 'catalog', release: '1.4.0', count: 4 }] };
  const stop = reportRenders({ metrics, tokens, apiUrl: () => api.url, token: 'render-token-0123456789', everyMs: 60_000, log: () => undefined });
  const page = { remote: 'catalog', release: '1.4.0', reason: '', cache: 'miss' } as const;
  metrics.page({ ...page, outcome: 'rendered', seconds: 0.04 });
  metrics.page({ ...page, outcome: 'rendered', seconds: 0.06 });
  metrics.page({ ...page, outcome: 'rendered', cache: 'hit' });
  metrics.page({ ...page, outcome: 'browser', reason: 'budget', seconds: 0.3 });
  await stop();
  api.server.close();
  expect(api.received).toEqual([
    {
      authorization: 'Bearer render-token-0123456789',
      body: {
        events: [
          { type: 'render', remote: 'catalog', release: '1.4.0', outcome: 'rendered', reason: '', count: 2, ms: 50 },
          { type: 'render', remote: 'catalog', release: '1.4.0', outcome: 'browser', reason: 'budget', count: 1, ms: 300 },
          // Cache hits are not renders, but they were served.
          { type: 'served', remote: 'catalog', release: '1.4.0', count: 4 },
        ],
      },
    },
  ]);
});

test('sends each screen that threw while rendering with its words and how often, in batches the API takes', async () => {
  const api = await fakeApi();
  const metrics = new RenderMetrics({ defaults: false });
  const stop = reportRenders({ metrics, apiUrl: () => api.url, token: 'render-token-0123456789', everyMs: 60_000, log: () => undefined });
  const page = { remote: 'catalog', release: '1.4.0', outcome: 'browser', reason: 'render_failed', cache: 'miss', seconds: 0.01 } as const;
  const thrown = (message: string, depth = 1) => {
    const error = new TypeError(message);
    const file = depth === 1 ? 'https://cdn.test/catalog/1.4.0/server/812.js' : `https://cdn.test/catalog/1.4.0/server/${'a'.repeat(250)}.js`;
    error.stack = `TypeError: ${message}\n${`    at CarDetailPage (${file}:3:14)\n`.repeat(depth)}`;
    return error;
  };
  for (let i = 0; i < 3; i += 1) metrics.page({ ...page, failure: { screen: 'catalog/CarDetailPage', thrown: thrown('car is undefined') } });
  // Many kinds with long words: at most 20 kinds are sent, none in a batch past the API's 16 KB.
  for (let i = 0; i < 40; i += 1) metrics.page({ ...page, failure: { screen: 'catalog/BrandListPage', thrown: thrown(`${i} ${'x'.repeat(290)}`, 5) } });
  await stop();
  api.server.close();
  const events = api.received.flatMap(({ body }) => (body as { events: Array<{ type: string }> }).events);
  const errors = events.filter((event) => event.type === 'render_error');
  expect(errors).toHaveLength(20);
  expect(errors[0]).toEqual({
    type: 'render_error',
    count: 3,
    message: 'car is undefined',
    frames: [{ file: 'https://cdn.test/catalog/1.4.0/server/812.js', line: 3, column: 14, fn: 'CarDetailPage' }],
    screen: 'catalog/CarDetailPage',
    remote: 'catalog',
    release: '1.4.0',
  });
  expect(api.received.length).toBeGreaterThan(1);
  for (const { body } of api.received) expect(JSON.stringify(body).length).toBeLessThanOrEqual(16 * 1024);
});
