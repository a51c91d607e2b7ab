import { get } from 'node:http';
import { expect, test } from '../support/test';
import { SITE } from '../support/site';
import { balancer, demoToken, filesAddress, fromNetwork, stack } from './stack';

/**
 * What is internal stays internal (docs/operate-production.md, "Internal is internal"): purges and the render
 * servers' change stream are theirs, and each visitor network has a request allowance at the frontends.
 */

const frontends = () => ({ pages: SITE.shell, api: SITE.api, files: filesAddress() });
const renderServer = (name: 'render-1' | 'render-2') => stack().parts.find((part) => part.name === name)!.address;

/** A page of one render server, on a connection of its own (so each of its workers gets its turn): where the page came from. */
const renderCache = (server: string, path: string) =>
  new Promise<string>((resolve, reject) => {
    get(`${server}${path}`, { agent: false, headers: { cookie: 'release_bucket=5' } }, (response) => {
      response.resume();
      resolve(String(response.headers['x-render-cache'] ?? 'none'));
    }).on('error', reject);
  });

/** The API instances the balancer sends to: running (operational state 2) and not drained (administrative state 0). */
async function instancesUp(): Promise<string[]> {
  const lines = (await balancer('show servers state api')).split('\n');
  return lines
    .map((line) => line.split(' '))
    .filter((fields) => fields[1] === 'api' && fields[5] === '2' && fields[6] === '0')
    .map((fields) => fields[3]!)
    .sort();
}

test('PURGE is refused at every public frontend, and the cached copy stays', async ({ request }) => {
  const page = `${SITE.shell}/about?internal=${Date.now()}`;
  await expect.poll(async () => (await request.get(page)).headers()['x-cache']).toBe('HIT');
  for (const [frontend, address] of Object.entries(frontends())) {
    const purge = await fetch(`${address}/about`, { method: 'PURGE', headers: { 'Surrogate-Key': 'pages' } });
    expect({ frontend, status: purge.status }).toEqual({ frontend, status: 403 });
  }
  expect((await request.get(page)).headers()['x-cache']).toBe('HIT');

  // The cache judges the real client: a purge on its own socket from another address than the render servers' is refused too.
  const elsewhere = fromNetwork('127.0.0.2');
  try {
    const purge = await elsewhere.request(`http://127.0.0.1:${stack().ports.cachePurge}/`, { method: 'PURGE', headers: { 'Surrogate-Key': 'pages' } });
    expect(purge.status).toBe(403);
  } finally {
    elsewhere.close();
  }
  expect((await request.get(page)).headers()['x-cache']).toBe('HIT');
});

test('a release file uploaded with a deploy token is nowhere to be loaded before its version is registered, nor is the bucket listed', async () => {
  const admin = await demoToken('admin');
  const made = await fetch(`${SITE.api}/deploy-tokens`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'stack upload area', remote: 'catalog' }),
  });
  const { token } = (await made.json()) as { token: string };
  const version = `0.1.0-${Date.now().toString(16).padStart(10, '0').slice(-10)}`;
  const uploaded = await fetch(`${SITE.api}/release-files/catalog/${version}/static/js/evil.js`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: 'alert(document.cookie)',
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const { pathname } = new URL(url);
  const waiting = pathname.replace('/releases/', '/releases/.uploads/');
  // Where it will be once registered, where it waits (also spelled with an encoded dot), and the bucket's listing.
  for (const address of [pathname, waiting, waiting.replace('/.uploads/', '/%2Euploads/'), '/usedcars/', '/usedcars/?list-type=2&prefix=releases/']) {
    for (const frontend of [filesAddress(), SITE.shell]) {
      const response = await fetch(`${frontend}${address}`);
      expect({ frontend, address, status: response.status }).toEqual({ frontend, address, status: 404 });
    }
  }
});

test('a network past 500 requests in 10 s is told to wait (429), while another network is served', async () => {
  const busy = fromNetwork('127.0.0.21');
  const other = fromNetwork('127.0.0.22');
  const file = `${filesAddress()}/catalog/mf-manifest.json`;
  try {
    const statuses = new Map<number, number>();
    let refusal: Awaited<ReturnType<typeof busy.request>> | undefined;
    // 16 connections at once, as a crawler would: far quicker than 500 in 10 s.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let n = 0; n < 40; n += 1) {
          const response = await busy.request(file);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 429) refusal ??= response;
        }
      }),
    );
    expect(statuses.get(200)).toBeLessThanOrEqual(500);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(640 - 500);
    expect(refusal?.headers['retry-after']).toBe('10');
    expect(JSON.parse(refusal!.body)).toEqual({ message: 'Too many requests from your network: try again in a few seconds' });
    expect((await other.request(file)).status).toBe(200);
    expect((await other.request(`${SITE.api}/hondas?limit=1`)).status).toBe(200);
  } finally {
    busy.close();
    other.close();
  }
});

test('a flood of anonymous change streams leaves the render servers following, and their page caches on, after each API instance is drained in turn', async () => {
  test.setTimeout(120_000);
  const networks = Array.from({ length: 30 }, (_, n) => fromNetwork(`127.0.0.${40 + n}`));
  const held: Array<{ close: () => void }> = [];
  const flood = async () => {
    const tries = await Promise.all(networks.flatMap((network) => Array.from({ length: 14 }, () => network.listen(`${SITE.api}/changes`))));
    held.push(...tries);
    return tries.filter((stream) => stream.status === 200).length;
  };
  const cachesOn = async () => {
    for (const server of [renderServer('render-1'), renderServer('render-2')]) {
      await expect
        .poll(async () => (await Promise.all([1, 2, 3, 4].map(() => renderCache(server, '/about')))).join(' '), { timeout: 20_000 })
        .toBe('hit hit hit hit');
    }
  };
  try {
    // 420 tries from 30 networks, more than all the places of both instances: each instance lets in its anonymous places (a
    // couple per network), no more.
    expect(await flood()).toBeLessThanOrEqual(2 * 40);
    await cachesOn();
    for (const copy of ['api-1', 'api-2']) {
      // A rolling deploy: the instance is drained and its connections closed, so every render server on it follows the other one.
      await balancer(`set server api/${copy} state maint`);
      await balancer(`shutdown sessions server api/${copy}`);
      // The flood comes back at once too, at the instance left.
      await flood();
      await cachesOn();
      await balancer(`set server api/${copy} state ready`);
      await expect.poll(instancesUp, { timeout: 20_000 }).toEqual(['api-1', 'api-2']);
    }
  } finally {
    for (const stream of held) stream.close();
    for (const network of networks) network.close();
    await balancer('set server api/api-1 state ready');
    await balancer('set server api/api-2 state ready');
  }
});
