import type { AddressInfo } from 'node:net';
import type { LiveSet, Release } from '@usedcars/shared-contract';
import { openStream } from '../../../test/changeStream';
import { type Account, describeEachDriver } from '../../../test/helpers';

const manifest = (remote: string, version: string) => `https://cdn.example.test/${remote}/${version}/mf-manifest.json`;
const release = (remote: string, version: string, extra: Record<string, unknown> = {}) => ({
  remote,
  version,
  manifestUrl: manifest(remote, version),
  commit: 'abc1234',
  builtAt: '2026-11-25T10:00:00.000Z',
  preflight: 'passed',
  ...extra,
});

describeEachDriver('the release registry', (api) => {
  let admin: Account;
  let buyer: Account;
  let catalogToken: string;
  let checkoutToken: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const live = async () => (await api().inject({ method: 'GET', url: '/releases/live' })).json<LiveSet>().remotes;
  const post = (url: string, token: string, payload: unknown = {}) => api().inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

  beforeAll(async () => {
    admin = await api().account('admin');
    buyer = await api().account('Buyer');
    const made = async (remote: string) => {
      const response = await api().inject({ method: 'POST', url: '/deploy-tokens', headers: admin.auth, payload: { name: `${remote} team`, remote } });
      expect(response.statusCode).toBe(201);
      return response.json<{ token: string }>().token;
    };
    catalogToken = await made('catalog');
    checkoutToken = await made('checkout');
  });

  it('starts with no release: the site runs its first set', async () => {
    expect(await live()).toEqual({});
  });

  it('registers a release with a team token and makes it live, recording who and what', async () => {
    const response = await post('/releases', catalogToken, release('catalog', '1.0.0'));
    expect(response.statusCode).toBe(201);
    expect(response.json<Release>()).toMatchObject({
      status: 'live',
      releasedBy: 'catalog team (catalog token)',
      commit: 'abc1234',
      preflight: 'passed',
      share: null,
    });
    expect((await live()).catalog).toEqual({ live: { version: '1.0.0', manifestUrl: manifest('catalog', '1.0.0') }, canary: null });
  });

  it("refuses a team token on another remote's routes with a 403 and changes nothing", async () => {
    const before = await live();
    for (const response of [
      await post('/releases', catalogToken, release('checkout', 'evil')),
      await post('/releases/checkout/rollback', catalogToken),
      await post('/releases/checkout/promote', catalogToken),
      await api().inject({ method: 'PUT', url: '/release-files/checkout/evil/remoteEntry.js', headers: bearer(catalogToken), payload: 'alert(1)' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe('This deploy token releases catalog, not checkout');
    }
    expect(await live()).toEqual(before);
    expect((await api().inject({ method: 'GET', url: '/releases?remote=checkout' })).json()).toEqual([]);
  });

  it('refuses a version registered before, an unknown token, and a signed-in person who is not an admin', async () => {
    expect((await post('/releases', catalogToken, release('catalog', '1.0.0'))).statusCode).toBe(409);
    expect((await post('/releases', 'ucd_made-up', release('catalog', '9.9.9'))).statusCode).toBe(401);
    const byBuyer = await api().inject({ method: 'POST', url: '/releases', headers: buyer.auth, payload: release('catalog', '9.9.9') });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json<{ message: string }>().message).toBe('Only admin accounts can register releases');
    expect((await post('/releases', catalogToken, release('catalog', '1.0.1', { manifestUrl: 'javascript:alert(1)' }))).statusCode).toBe(400);
  });

  it('runs a canary beside the live release, changes its share, and promotes it', async () => {
    expect((await post('/releases', catalogToken, release('catalog', '1.1.0', { canary: 10 }))).statusCode).toBe(201);
    expect((await live()).catalog).toEqual({
      live: { version: '1.0.0', manifestUrl: manifest('catalog', '1.0.0') },
      canary: { version: '1.1.0', manifestUrl: manifest('catalog', '1.1.0'), share: 10 },
    });
    const shared = await api().inject({ method: 'PUT', url: '/releases/catalog/canary', headers: bearer(catalogToken), payload: { share: 50 } });
    expect(shared.json<Release>().share).toBe(50);
    expect((await api().inject({ method: 'PUT', url: '/releases/catalog/canary', headers: bearer(catalogToken), payload: { share: 100 } })).statusCode).toBe(
      400,
    );

    const promoted = await post('/releases/catalog/promote', catalogToken);
    expect(promoted.json<Release>()).toMatchObject({ version: '1.1.0', status: 'live', share: null });
    expect((await live()).catalog).toEqual({ live: { version: '1.1.0', manifestUrl: manifest('catalog', '1.1.0') }, canary: null });
    expect((await post('/releases/catalog/promote', catalogToken)).statusCode).toBe(409);
  });

  it('rolls back a canary, then the live release to the one before, then to a named version', async () => {
    await post('/releases', catalogToken, release('catalog', '1.2.0', { canary: 30 }));
    const outOfRotation = await post('/releases/catalog/rollback', catalogToken, { reason: 'errors on the home page' });
    expect(outOfRotation.json<Release>().version).toBe('1.1.0');
    expect((await live()).catalog?.canary).toBeNull();

    const back = await post('/releases/catalog/rollback', catalogToken);
    expect(back.json<Release>()).toMatchObject({ version: '1.0.0', status: 'live' });
    const forward = await post('/releases/catalog/rollback', admin.accessToken, { to: '1.1.0' });
    expect(forward.json<Release>()).toMatchObject({ version: '1.1.0', status: 'live', reason: `made live again by ${admin.email}` });
    expect((await post('/releases/catalog/rollback', catalogToken, { to: '7.7.7' })).statusCode).toBe(404);

    const history = (await api().inject({ method: 'GET', url: '/releases?remote=catalog' })).json<Release[]>();
    expect(history.map((row) => [row.version, row.status])).toEqual([
      ['1.2.0', 'rolled_back'],
      ['1.1.0', 'live'],
      ['1.0.0', 'rolled_back'],
    ]);
    expect(history[0]!.reason).toBe('rolled back by catalog team (catalog token): errors on the home page');
  });

  it("takes a remote's first canary out of rotation by hand: the answer is the canary, and the remote runs its first set", async () => {
    expect((await post('/releases', checkoutToken, release('checkout', '0.9.0', { canary: 30 }))).statusCode).toBe(201);
    const response = await post('/releases/checkout/rollback', checkoutToken, { reason: 'totals are wrong' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Release>()).toMatchObject({
      version: '0.9.0',
      status: 'rolled_back',
      reason: 'rolled back by checkout team (checkout token): totals are wrong',
    });
    expect((await live()).checkout).toBeUndefined();
  });

  it("rolls a remote's only live release back to its first set, and then has nothing left to roll back", async () => {
    expect((await post('/releases', admin.accessToken, release('dashboard', '0.5.0'))).statusCode).toBe(201);
    expect((await live()).dashboard?.live?.version).toBe('0.5.0');
    const response = await post('/releases/dashboard/rollback', admin.accessToken, { reason: 'the first release is broken' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Release>()).toMatchObject({ version: '0.5.0', status: 'rolled_back' });
    expect((await live()).dashboard).toBeUndefined();
    const again = await post('/releases/dashboard/rollback', admin.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'dashboard has no release to roll back: it runs its first set' });
  });

  it('stops a revoked token at once', async () => {
    const made = await api().inject({ method: 'POST', url: '/deploy-tokens', headers: admin.auth, payload: { name: 'short-lived', remote: 'dashboard' } });
    const { id, token } = made.json<{ id: string; token: string }>();
    expect((await post('/releases', token, release('dashboard', '1.0.0'))).statusCode).toBe(201);
    expect((await api().inject({ method: 'DELETE', url: `/deploy-tokens/${id}`, headers: admin.auth })).json()).toMatchObject({
      revokedAt: expect.any(String),
    });
    expect((await post('/releases', token, release('dashboard', '1.0.1'))).statusCode).toBe(401);
    const listed = (await api().inject({ method: 'GET', url: '/deploy-tokens', headers: admin.auth })).json<Array<Record<string, unknown>>>();
    expect(listed.find((row) => row.id === id)).toMatchObject({ name: 'short-lived', remote: 'dashboard' });
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it("publishes release files under their version, serves them for a year to the site's pages only, and never changes them once registered", async () => {
    const put = (file: string, body: string) =>
      api().inject({
        method: 'PUT',
        url: `/release-files/checkout/2.0.0/${file}`,
        headers: { ...bearer(checkoutToken), 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const uploaded = await put('server/remoteEntry.js', 'module.exports = 2;');
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ url: string }>();
    expect(url).toBe('/release-files/checkout/2.0.0/server/remoteEntry.js');
    expect((await put('..%2F..%2Fcatalog%2F1.0.0%2FremoteEntry.js', 'x')).statusCode).toBe(400);

    const served = await api().inject({ method: 'GET', url, headers: { origin: 'http://localhost:3000' } });
    expect(served.body).toBe('module.exports = 2;');
    expect(served.headers).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': 'http://localhost:3000' });
    const elsewhere = await api().inject({ method: 'GET', url, headers: { origin: 'http://elsewhere.test' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');

    await post(
      '/releases',
      checkoutToken,
      release('checkout', '2.0.0', { manifestUrl: 'http://127.0.0.1:5000/release-files/checkout/2.0.0/mf-manifest.json' }),
    );
    expect((await put('server/remoteEntry.js', 'module.exports = 3;')).statusCode).toBe(409);
    expect((await api().inject({ method: 'GET', url })).body).toBe('module.exports = 2;');
  });

  it("pins an admin's browser to a registered release only, with a pin the API alone can sign", async () => {
    const pinned = await api().inject({ method: 'POST', url: '/releases/pin', headers: admin.auth, payload: { remote: 'catalog', version: '1.2.0' } });
    expect(pinned.statusCode).toBe(201);
    const { pin } = pinned.json<{ pin: string }>();
    const checked = await api().inject({ method: 'GET', url: `/releases/pins?pin=${pin}` });
    expect(checked.json()).toEqual({ remote: 'catalog', version: '1.2.0', manifestUrl: manifest('catalog', '1.2.0') });

    const [body, mac] = pin.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ remote: 'catalog', version: '1.0.0', exp: 4e9 })).toString('base64url');
    for (const forged of [`${forgedBody}.${mac}`, `${body}.AAAA`, 'nonsense']) {
      expect((await api().inject({ method: 'GET', url: `/releases/pins?pin=${encodeURIComponent(forged)}` })).statusCode).toBe(404);
    }
    expect(
      (await api().inject({ method: 'POST', url: '/releases/pin', headers: admin.auth, payload: { remote: 'catalog', version: 'nope' } })).statusCode,
    ).toBe(404);
    expect(
      (await api().inject({ method: 'POST', url: '/releases/pin', headers: buyer.auth, payload: { remote: 'catalog', version: '1.2.0' } })).statusCode,
    ).toBe(403);
  });

  it('tells render servers of every registry change on the change stream, and not of each uploaded file', async () => {
    await api().app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(api().app.server.address() as AddressInfo).port}`;
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      expect(stream.events).toEqual(['reliable']);
      await fetch(`${origin}/release-files/catalog/3.0.0/remoteEntry.js`, { method: 'PUT', headers: bearer(catalogToken), body: 'x' });
      const registered = await fetch(`${origin}/releases`, {
        method: 'POST',
        headers: { ...bearer(catalogToken), 'content-type': 'application/json' },
        body: JSON.stringify(release('catalog', '3.0.0', { canary: 5 })),
      });
      expect(registered.status).toBe(201);
      await stream.heard('change');
      expect(stream.events).toEqual(['reliable', 'change']);
    } finally {
      stream.close();
    }
  });
});
