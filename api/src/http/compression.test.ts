import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { type Account, TEST_CONFIG, type TestApi, describeEachDriver } from '../../test/helpers';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

const LIST = '/audis?limit=24';

/** The first bytes and headers of a response read off the wire, as a browser asking for br and gzip gets them. */
function firstChunk(url: string): Promise<{ headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.once('data', (chunk: Buffer) => {
        resolve({ headers: response.headers, text: chunk.toString('utf8') });
        asked.destroy();
      });
    });
    asked.on('error', reject).end();
  });
}

describeEachDriver('compressed responses', (api: () => TestApi) => {
  let seller: Account;
  const get = (url: string, headers: Record<string, string> = {}) => api().inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    seller = await api().account('Seller');
    for (let i = 0; i < 6; i += 1) await api().addCar(seller, { carName: `Audi A${i + 3} quattro`, currentPrice: 20_000 + i * 1_000 });
  });

  it('sends a brand list in brotli or gzip to a client that accepts them, the same JSON and headers as plain', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const cars = plain.json<unknown[]>();
    expect(cars).toHaveLength(6);

    for (const [encoding, decompress] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await get(LIST, { 'accept-encoding': encoding, origin: TEST_CONFIG.corsOrigins[0]! });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decompress(packed.rawPayload).toString('utf8'))).toEqual(cars);
      // The page's ETag and total are those of the plain response, and the site may still read them.
      expect(packed.headers.etag).toBe(plain.headers.etag);
      expect(packed.headers['x-total-count']).toBe('6');
      expect(packed.headers['access-control-expose-headers']).toContain('X-Total-Count');
      expect(packed.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
    }
  });

  it('picks brotli when a browser offers both, and sends plain to one that offers neither', async () => {
    expect((await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding']).toBe('br');
    for (const offer of ['identity', 'deflate']) {
      const response = await get(LIST, { 'accept-encoding': offer });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json<unknown[]>()).toHaveLength(6);
    }
  });

  it('still responds with 304 with no body when the client has the page', async () => {
    const etag = (await get(LIST)).headers.etag as string;
    const again = await get(LIST, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends a JSON response under the threshold plain', async () => {
    const health = await get('/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('leaves pictures as they are, even a large SVG', async () => {
    const picture = await get('/images/cars/coupe-black.svg', { 'accept-encoding': 'br, gzip' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(picture.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(picture.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the change stream: its events arrive one by one, as text', async () => {
    await api().app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api().app.server.address() as AddressInfo;
    const stream = await firstChunk(`http://127.0.0.1:${port}/changes`);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.text).toMatch(/^event: reliable\n/);
  });
});
