import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStream } from '../../../test/changeStream';
import { type Account, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, createTestDatabase, DRIVERS, until } from '../../../test/helpers';
import { DEFAULT_PLACES } from './stream';

describe.each(DRIVERS)('GET /changes (%s)', (driver) => {
  let api: TestApi;
  let origin: string;
  let seller: Account;

  beforeAll(async () => {
    // As behind the balancer: the client's network comes from X-Forwarded-For.
    const config = { ...TEST_CONFIG, trustProxy: true, telemetry: { ...TEST_CONFIG.telemetry, serverToken: RENDER_SERVER_TOKEN } };
    api = await new TestApi(await createTestDatabase(driver), { config }).start();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    seller = await api.account('Seller');
  });
  afterAll(() => api.stop());

  const renderServer = { authorization: `Bearer ${RENDER_SERVER_TOKEN}` };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** A listener on a connection of its own: its status and, for a refusal, the message; close() hangs up. */
  const listen = (headers: Record<string, string>) =>
    new Promise<{ status: number; message?: string; close: () => void }>((resolve, reject) => {
      const request = get(`${origin}/changes`, { headers, agent: false }, (response) => {
        const close = () => request.destroy();
        if (response.statusCode === 200) return resolve({ status: 200, close });
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, message: (JSON.parse(body) as { message: string }).message, close }));
      });
      request.on('error', reject);
    });

  it('says at once that changes reach it, then tells of each accepted write', async () => {
    const stream = await openStream(`${origin}/changes`, renderServer);
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

  it('keeps the render servers’ places from a flood of anonymous listeners: a couple per network, a few in all', async () => {
    const held: Array<{ status: number; close: () => void }> = [];
    try {
      // One network asks for many: it gets two, then 429 with the reason.
      for (let n = 0; n < DEFAULT_PLACES.anonymousPerNetwork; n += 1) held.push(await listen(from('203.0.113.7')));
      expect(held.map((listener) => listener.status)).toEqual([200, 200]);
      expect(await listen(from('203.0.113.7'))).toMatchObject({
        status: 429,
        message: `At most ${DEFAULT_PLACES.anonymousPerNetwork} change streams per network: close one first`,
      });
      // An IPv6 network counts by its /64, whatever address within it is used.
      held.push(await listen(from('2001:db8:1:2::1')), await listen(from('2001:db8:1:2::2')));
      expect(await listen(from('2001:db8:1:2:ffff::3'))).toMatchObject({ status: 429 });
      // Many networks fill the anonymous places; the next one waits (503).
      for (let n = 0; held.length < DEFAULT_PLACES.anonymous; n += 1) {
        const listener = await listen(from(`198.51.100.${n + 1}`));
        expect(listener.status).toBe(200);
        held.push(listener);
      }
      expect(await listen(from('192.0.2.99'))).toMatchObject({ status: 503, message: 'Too many listeners for changes; try again shortly' });

      // A render server still gets its place, and hears the next change.
      const server = await openStream(`${origin}/changes`, renderServer);
      try {
        await server.heard('reliable');
        await api.addCar(seller);
        await server.heard('change');
      } finally {
        server.close();
      }
    } finally {
      for (const listener of held) listener.close();
    }
    // A network whose streams closed may listen again, once the API has seen them close.
    const again = await until(
      () => listen(from('203.0.113.7')),
      (listener) => listener.status === 200,
      'a place for the network whose streams closed',
    );
    again.close();
  });

  it('refuses a token that is not the render servers’ (401), so a misconfigured render server is told, not capped', async () => {
    const response = await fetch(`${origin}/changes`, { headers: { authorization: 'Bearer not-the-render-servers-token' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/not the render servers' token/);
  });
});
