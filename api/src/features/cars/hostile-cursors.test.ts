import { createHash } from 'node:crypto';
import { type Account, TEST_CONFIG, describeEachDriver } from '../../../test/helpers';
import { CursorCodec } from './cursor';

const IMPOSSIBLE = ['2026-02-30T00:00:00.000000Z', '2026-99-99T00:00:00.000000Z', '0000-01-01T00:00:00.000000Z', '2026-01-01T25:61:00.000000Z'];
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const NOT_OURS = 'cursor is not one this API handed out; start again from the first page (cursors come in the X-Next-Cursor and X-Prev-Cursor headers)';

/** A cursor as anyone could make one before they were signed: the payload, its scope a plain SHA-256 of the filters. */
function unsignedCursor(key: string, filterKey = '[["category","honda"]]'): string {
  const scope = createHash('sha256').update(filterKey).digest('base64url').slice(0, 11);
  return Buffer.from(JSON.stringify([1, 'newest', 'a', key, ANY_ID, scope])).toString('base64url');
}

describeEachDriver('cursors a stranger makes up', (api) => {
  let seller: Account;

  beforeAll(async () => {
    seller = await api().account('Seller', 'Cursor Seller');
    for (let car = 0; car < 3; car += 1) await api().addCar(seller, { categoryName: 'honda' });
  });

  const list = (cursor: string) => api().inject({ method: 'GET', url: `/hondas?limit=2&cursor=${encodeURIComponent(cursor)}` });

  it.each(IMPOSSIBLE)('refuses a cursor of the right shape with the impossible time %s, as anyone could forge it', async (key) => {
    const response = await list(unsignedCursor(key));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_OURS });
  });

  it.each(IMPOSSIBLE)('refuses the impossible time %s even in a cursor signed with the server key', async (key) => {
    const codec = new CursorCodec(`cursor:${TEST_CONFIG.jwtSecret}`);
    const scope = codec.scopeOf('[["category","honda"]]');
    const response = await list(codec.encode({ sort: 'newest', direction: 'after', key, id: ANY_ID, scope }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_OURS });
  });

  it('refuses a cursor the API handed out once its payload or signature is changed, and one signed with another key', async () => {
    const next = (await api().inject({ method: 'GET', url: '/hondas?limit=2' })).headers['x-next-cursor'] as string;
    expect((await list(next)).statusCode).toBe(200);
    const [payload, signature] = next.split('.') as [string, string];
    const parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    parts[3] = '2000-01-01T00:00:00.000000Z';
    const otherServer = new CursorCodec('cursor:some other server');
    for (const forged of [
      `${Buffer.from(JSON.stringify(parts)).toString('base64url')}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.${signature}.${signature}`,
      payload,
      otherServer.encode({
        sort: 'newest',
        direction: 'after',
        key: '2026-01-01T00:00:00.000000Z',
        id: ANY_ID,
        scope: otherServer.scopeOf('[["category","honda"]]'),
      }),
    ]) {
      const response = await list(forged);
      expect({ forged, status: response.statusCode, body: response.json() }).toEqual({ forged, status: 400, body: { message: NOT_OURS } });
    }
  });
});
