/** @jest-environment node */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveSet } from '@usedcars/shared-contract';
import { PinChecks, ReleaseSet } from './releaseSet';

const FIRST_SET = { catalog: 'http://first.test/catalog/mf-manifest.json', checkout: 'http://first.test/checkout/mf-manifest.json' };
const V1 = 'http://cdn.test/catalog/1/mf-manifest.json';
const V2 = 'http://cdn.test/catalog/2/mf-manifest.json';

/** The API's two release routes, answering what the test sets (or nothing at all while `down`). */
async function registry() {
  const state = { live: { remotes: {} } as LiveSet, down: false, pinChecks: 0 };
  const server: Server = createServer((request, response) => {
    if (state.down) return response.destroy();
    if (request.url?.startsWith('/releases/pins')) {
      state.pinChecks += 1;
      const good = request.url.endsWith('pin=good');
      response.writeHead(good ? 200 : 404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(good ? { remote: 'catalog', version: '2', manifestUrl: V2 } : { message: 'no' }));
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.live));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('visitors get the first set, then the live release, and a canary by bucket; a change is told once', async () => {
  const api = await registry();
  const changes: number[] = [];
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => changes.push(1), log: () => undefined });
  try {
    await releases.refresh();
    expect(releases.choose(FIRST_SET, 5)).toEqual({ remotes: FIRST_SET, split: false });
    changes.length = 0;

    api.state.live = { remotes: { catalog: { live: { version: '1', manifestUrl: V1 }, canary: { version: '2', manifestUrl: V2, share: 10 } } } };
    await releases.refresh();
    await releases.refresh();
    expect(changes).toHaveLength(1);
    expect(releases.choose(FIRST_SET, 9)).toEqual({ remotes: { ...FIRST_SET, catalog: V2 }, split: true });
    expect(releases.choose(FIRST_SET, 10)).toEqual({ remotes: { ...FIRST_SET, catalog: V1 }, split: true });
    expect(releases.addresses(FIRST_SET).sort()).toEqual([...Object.values(FIRST_SET), V1, V2].sort());
  } finally {
    await api.close();
  }
});

test('an unreachable registry leaves the last set in use and is logged once', async () => {
  const api = await registry();
  const logged: string[] = [];
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: (message) => logged.push(message) });
  try {
    api.state.live = { remotes: { catalog: { live: { version: '1', manifestUrl: V1 }, canary: null } } };
    await releases.refresh();
    api.state.down = true;
    await releases.refresh();
    await releases.refresh();
    expect(releases.choose(FIRST_SET, 50).remotes.catalog).toBe(V1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/cannot read the release registry .* pages keep the last release set/);
    api.state.down = false;
    await releases.refresh();
    expect(logged[1]).toMatch(/reached again/);
  } finally {
    await api.close();
  }
});

test('a pin counts only once the API vouches for it, and the answer is kept', async () => {
  const api = await registry();
  try {
    const pins = new PinChecks(`${api.origin}/releases/pins`);
    expect(await pins.check('good')).toEqual({ remote: 'catalog', version: '2', manifestUrl: V2 });
    expect(await pins.check('good')).toEqual({ remote: 'catalog', version: '2', manifestUrl: V2 });
    expect(await pins.check('forged')).toBeNull();
    expect(api.state.pinChecks).toBe(2);
    const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: () => undefined });
    expect(releases.choose(FIRST_SET, 50, await pins.check('good'))).toEqual({ remotes: { ...FIRST_SET, catalog: V2 }, split: true });
  } finally {
    await api.close();
  }
});
