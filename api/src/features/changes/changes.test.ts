import type { AddressInfo } from 'node:net';
import { type Account, TestApi, createTestDatabase, DRIVERS } from '../../../test/helpers';

/** Reads a server-sent event stream: each event's name, in order, as they arrive. */
async function openStream(url: string): Promise<{ events: string[]; received: (count: number) => Promise<void>; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const wake = () => {
    for (const waiter of waiters.filter((w) => events.length >= w.count)) waiter.resolve();
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (!name) continue;
          events.push(name);
          wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const received = (count: number) =>
    new Promise<void>((resolve) => {
      waiters.push({ count, resolve });
      wake();
    });
  return { events, received, close: () => controller.abort() };
}

describe.each(DRIVERS)('GET /changes (%s)', (driver) => {
  let api: TestApi;
  let origin: string;
  let seller: Account;

  beforeAll(async () => {
    api = await new TestApi(await createTestDatabase(driver)).start();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    seller = await api.account('Seller');
  });
  afterAll(() => api.stop());

  it('says at once that changes reach it, then tells of each accepted write', async () => {
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      expect(stream.events).toEqual(['reliable']);

      await api.addCar(seller);
      await stream.received(2);
      expect(stream.events).toEqual(['reliable', 'change']);

      await api.addCar(seller);
      await stream.received(3);
      expect(stream.events).toEqual(['reliable', 'change', 'change']);
    } finally {
      stream.close();
    }
  });
});
