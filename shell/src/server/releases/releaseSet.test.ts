/** @jest-environment node */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveSet } from '@usedcars/shared-contract';
import { PinSigner } from '@usedcars/shared-contract/pins';
import { PinChecks, ReleaseSet } from './releaseSet';

const BASELINE_SET = { catalog: 'http://first.test/catalog/mf-manifest.json', checkout: 'http://first.test/checkout/mf-manifest.json' };
const V1 = 'http://cdn.test/catalog/1/mf-manifest.json';
const V2 = 'http://cdn.test/catalog/2/mf-manifest.json';
/** Where this site's releases may load from (the API's release files, the CDN a setting lists). */
const allowed = () => ['http://cdn.test', 'http://api.test/release-files/'];

/** The API's two release routes, returning what the test sets (or nothing at all while `down`). */
async function registry() {
  const state = { live: { remotes: {} } as LiveSet, down: false, pinChecks: 0, pinResponses: {} as Record<string, unknown> };
  const server: Server = createServer((request, response) => {
    if (state.down) return response.destroy();
    if (request.url?.startsWith('/releases/pins')) {
      state.pinChecks += 1;
      const pinned = state.pinResponses[new URL(request.url, 'http://api.test').searchParams.get('pin') ?? ''];
      response.writeHead(pinned ? 200 : 404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(pinned ?? { message: 'no' }));
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.live));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('visitors get the baseline set, then the live release, and a canary by bucket; a change is told once', async () => {
  const api = await registry();
  const changes: number[] = [];
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => changes.push(1), log: () => undefined, allowed });
  try {
    await releases.refresh();
    expect(releases.choose(BASELINE_SET, 5)).toEqual({ remotes: BASELINE_SET, split: false });
    changes.length = 0;

    api.state.live = { remotes: { catalog: { live: { version: '1', manifestUrl: V1 }, canary: { version: '2', manifestUrl: V2, share: 10 } } } };
    await releases.refresh();
    await releases.refresh();
    expect(changes).toHaveLength(1);
    expect(releases.choose(BASELINE_SET, 9)).toEqual({ remotes: { ...BASELINE_SET, catalog: V2 }, split: true });
    expect(releases.choose(BASELINE_SET, 10)).toEqual({ remotes: { ...BASELINE_SET, catalog: V1 }, split: true });
    // The canary's visitors, and only they, run its code on screens others get as static markup.
    expect(releases.canariesIn(releases.choose(BASELINE_SET, 9).remotes)).toEqual(['catalog']);
    expect(releases.canariesIn(releases.choose(BASELINE_SET, 10).remotes)).toEqual([]);
    expect(releases.addresses(BASELINE_SET).sort()).toEqual([...Object.values(BASELINE_SET), V1, V2].sort());
  } finally {
    await api.close();
  }
});

test('a new set is used only once its builds are loaded and warmed: until then visitors keep the set before it', async () => {
  const api = await registry();
  let warmed = () => undefined as void;
  let askedToPrepare: (builds: string[]) => void = () => undefined;
  const asked = new Promise<string[]>((resolve) => (askedToPrepare = resolve));
  const prepare = (builds: [string, string][]) => {
    askedToPrepare(builds.map(([remote, url]) => `${remote} ${url}`));
    return new Promise<void>((resolve) => (warmed = resolve));
  };
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: () => undefined, allowed, prepare });
  try {
    api.state.live = { remotes: { catalog: { live: { version: '1', manifestUrl: V1 }, canary: { version: '2', manifestUrl: V2, share: 10 } } } };
    const adopting = releases.refresh();
    expect(await asked).toEqual([`catalog ${V1}`, `catalog ${V2}`]);
    expect(releases.choose(BASELINE_SET, 5).remotes).toEqual(BASELINE_SET);
    warmed();
    await adopting;
    expect(releases.choose(BASELINE_SET, 5).remotes).toEqual({ ...BASELINE_SET, catalog: V2 });
  } finally {
    await api.close();
  }
});

test('an unreachable registry leaves the last set in use and is logged once', async () => {
  const api = await registry();
  const logged: string[] = [];
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: (message) => logged.push(message), allowed });
  try {
    api.state.live = { remotes: { catalog: { live: { version: '1', manifestUrl: V1 }, canary: null } } };
    await releases.refresh();
    api.state.down = true;
    await releases.refresh();
    await releases.refresh();
    expect(releases.choose(BASELINE_SET, 50).remotes.catalog).toBe(V1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/cannot read the release registry .* pages keep the last release set/);
    api.state.down = false;
    await releases.refresh();
    expect(logged[1]).toMatch(/reached again/);
  } finally {
    await api.close();
  }
});

test('a forged or expired pin is refused here, unasked; a well-signed one is asked about once and cached until it expires', async () => {
  const api = await registry();
  const clock = { now: 1_000_000_000_000 };
  const signer = new PinSigner('the-secret-render-servers-share');
  const good = signer.sign({ remote: 'catalog', version: '2', exp: clock.now / 1000 + 3_600 });
  const stranger = signer.sign({ remote: 'catalog', version: '9', exp: clock.now / 1000 + 7_200 });
  const responses: Record<string, unknown> = { [good]: { remote: 'catalog', version: '2', manifestUrl: V2 } };
  api.state.pinResponses = responses;
  try {
    const pins = new PinChecks(`${api.origin}/releases/pins`, signer, fetch, () => clock.now);
    for (const forged of [
      'good',
      `${good}x`,
      new PinSigner('another-secret-altogether').sign({ remote: 'catalog', version: '2', exp: 2e9 }),
      '%',
      'x'.repeat(5_000),
    ]) {
      expect(pins.claims(forged)).toBeNull();
    }
    const claims = pins.claims(good)!;
    expect(claims).toEqual({ remote: 'catalog', version: '2', exp: clock.now / 1000 + 3_600 });
    expect(await pins.release(good, claims)).toEqual({ remote: 'catalog', version: '2', manifestUrl: V2 });
    clock.now += 3_000_000;
    expect(await pins.release(good, claims)).toEqual({ remote: 'catalog', version: '2', manifestUrl: V2 });
    expect(api.state.pinChecks).toBe(1);
    clock.now += 600_001;
    expect(pins.claims(good)).toBeNull();

    // A well-signed pin of a release the registry does not have is asked about again a minute later.
    const unregistered = pins.claims(stranger)!;
    expect(await pins.release(stranger, unregistered)).toBeNull();
    expect(await pins.release(stranger, unregistered)).toBeNull();
    expect(api.state.pinChecks).toBe(2);
    clock.now += 60_001;
    expect(await pins.release(stranger, unregistered)).toBeNull();
    expect(api.state.pinChecks).toBe(3);

    const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: () => undefined, allowed });
    expect(releases.choose(BASELINE_SET, 50, { remote: 'catalog', version: '2', manifestUrl: V2 })).toEqual({
      remotes: { ...BASELINE_SET, catalog: V2 },
      split: true,
    });
  } finally {
    await api.close();
  }
});

test('a release or pin the registry names at an address this server may not load is never given to a visitor, and said once', async () => {
  const api = await registry();
  const logged: string[] = [];
  const releases = new ReleaseSet({ liveUrl: `${api.origin}/releases/live`, onChange: () => undefined, log: (message) => logged.push(message), allowed });
  const hostile = [
    'http://127.0.0.1:3199/mf-manifest.json',
    'http://169.254.169.254/latest/mf-manifest.json',
    'http://user:pass@cdn.test/catalog/3/mf-manifest.json',
  ];
  try {
    api.state.live = {
      remotes: {
        catalog: { live: { version: '1', manifestUrl: V1 }, canary: { version: '3', manifestUrl: hostile[0]!, share: 50 } },
        checkout: { live: { version: '4', manifestUrl: hostile[1]! }, canary: { version: '5', manifestUrl: hostile[2]!, share: 10 } },
      },
    };
    await releases.refresh();
    await releases.refresh();
    for (const bucket of [0, 5, 49, 50, 99]) expect(releases.choose(BASELINE_SET, bucket)).toEqual({ remotes: { ...BASELINE_SET, catalog: V1 }, split: false });
    expect(releases.choose(BASELINE_SET, 0, { remote: 'catalog', version: '3', manifestUrl: hostile[0]! }).remotes.catalog).toBe(V1);
    // The content security policy allows none of them either.
    expect(releases.addresses(BASELINE_SET).sort()).toEqual([...Object.values(BASELINE_SET), V1].sort());
    expect(logged).toHaveLength(3);
    for (const [at, address] of hostile.entries()) expect(logged[at]).toContain(`release at ${address} is not loaded:`);
  } finally {
    await api.close();
  }
});

test('without the shared secret no pin is honoured', () => {
  const pin = new PinSigner('the-secret-render-servers-share').sign({ remote: 'catalog', version: '2', exp: 2e9 });
  expect(new PinChecks('http://127.0.0.1:9/releases/pins', null).claims(pin)).toBeNull();
});
