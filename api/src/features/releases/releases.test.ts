import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LiveSet, Release } from '@usedcars/shared-contract';
import { openStream } from '../../../test/changeStream';
import { describeReleaseSite, hashed, remoteManifest } from '../../../test/release-site';

describeReleaseSite('the release registry', (site) => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const live = async () => (await site().api.inject({ method: 'GET', url: '/releases/live' })).json<LiveSet>().remotes;
  const post = (url: string, token: string, payload: unknown = {}) =>
    site().api.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const history = async (remote: string) =>
    (await site().api.inject({ method: 'GET', url: `/releases?remote=${remote}`, headers: site().admin.auth })).json<Release[]>();
  /** Publishes a build's files with the remote's token, then registers it: what `npm run release` does. */
  const release = async (remote: 'catalog' | 'checkout', version: string, extra: Record<string, unknown> = {}) => {
    const token = site().tokens[remote];
    const manifestUrl = await site().publish(token, remote, version);
    const response = await post('/releases', token, { remote, version, manifestUrl, commit: 'abc1234', builtAt: '2026-11-25T10:00:00.000Z', ...extra });
    expect(response.statusCode).toBe(201);
    return { ...response.json<Release>(), manifestUrl };
  };

  it('starts with no release: the site runs its baseline set', async () => {
    expect(await live()).toEqual({});
  });

  it("registers a release with a team token and makes it live, recording who, what, and the API's own preflight", async () => {
    const registered = await release('catalog', hashed('1.0.0', 1), { preflight: 'skipped' });
    expect(registered).toMatchObject({ status: 'live', releasedBy: 'catalog team (catalog token)', commit: 'abc1234', preflight: 'passed', share: null });
    expect(registered.liveAt).toEqual(expect.any(String));
    expect((await live()).catalog).toEqual({ live: { version: hashed('1.0.0', 1), manifestUrl: registered.manifestUrl }, canary: null });
  });

  it("refuses a team token on another remote's routes with a 403 and changes nothing", async () => {
    const before = await live();
    const manifestUrl = `http://127.0.0.1:5000/release-files/checkout/${hashed('0.1.0', 9)}/mf-manifest.json`;
    for (const response of [
      await post('/releases', site().tokens.catalog, { remote: 'checkout', version: hashed('0.1.0', 9), manifestUrl }),
      await post('/releases/checkout/rollback', site().tokens.catalog),
      await post('/releases/checkout/promote', site().tokens.catalog),
      await site().put(site().tokens.catalog, 'checkout', hashed('0.1.0', 9), 'remoteEntry.js', 'alert(1)'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe('This deploy token releases catalog, not checkout');
    }
    expect(await live()).toEqual(before);
    expect(await history('checkout')).toEqual([]);
  });

  it('refuses an unknown token and a signed-in person who is not an admin', async () => {
    const body = { remote: 'catalog', version: hashed('9.9.9', 1), manifestUrl: 'http://127.0.0.1:5000/release-files/catalog/x/mf-manifest.json' };
    expect((await post('/releases', 'ucd_made-up', body)).statusCode).toBe(401);
    const buyer = await site().api.account('Buyer');
    const byBuyer = await site().api.inject({ method: 'POST', url: '/releases', headers: buyer.auth, payload: body });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json<{ message: string }>().message).toBe('Only admin accounts can register releases');
  });

  it('runs a canary beside the live release, changes its share, and promotes it', async () => {
    const canary = await release('catalog', hashed('1.1.0', 2), { canary: 10 });
    expect((await live()).catalog?.canary).toEqual({ version: hashed('1.1.0', 2), manifestUrl: canary.manifestUrl, share: 10 });
    const shared = await site().api.inject({ method: 'PUT', url: '/releases/catalog/canary', headers: bearer(site().tokens.catalog), payload: { share: 50 } });
    expect(shared.json<Release>().share).toBe(50);
    const tooMuch = await site().api.inject({
      method: 'PUT',
      url: '/releases/catalog/canary',
      headers: bearer(site().tokens.catalog),
      payload: { share: 100 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect((await post('/releases/catalog/promote', site().tokens.catalog)).json<Release>()).toMatchObject({ version: hashed('1.1.0', 2), status: 'live' });
    expect((await live()).catalog).toEqual({ live: { version: hashed('1.1.0', 2), manifestUrl: canary.manifestUrl }, canary: null });
    expect((await post('/releases/catalog/promote', site().tokens.catalog)).statusCode).toBe(409);
  });

  it('takes a ramp: the canary starts at its first step and the analysis shows it; a malformed ramp is a 400 saying why, and nothing changes', async () => {
    const token = site().tokens.catalog;
    const before = await live();
    const version = hashed('1.1.5', 4);
    const manifestUrl = await site().publish(token, 'catalog', version);
    const refusals: [unknown, RegExp][] = [
      [{ ramp: { steps: [25, 10, 100], everyMs: 60_000 } }, /ramp steps must increase/],
      [{ ramp: { steps: [10, 150], everyMs: 60_000 } }, /ramp steps are shares from 1 to 100/],
      [{ ramp: { steps: [100], everyMs: 60_000 } }, /a ramp has 2 to 10 steps/],
      [{ ramp: { steps: [100, 100], everyMs: 60_000 } }, /ramp steps must increase/],
      [{ ramp: { steps: [10, 100], everyMs: 10 } }, /everyMs/],
      [{ canary: 20, ramp: { steps: [10, 100], everyMs: 60_000 } }, /canary and the first ramp step are the same share/],
    ];
    for (const [extra, message] of refusals) {
      const refused = await post('/releases', token, { remote: 'catalog', version, manifestUrl, ...(extra as object) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect(await live()).toEqual(before);
    const ramp = { steps: [10, 25, 50, 100], everyMs: 600_000 };
    const registered = await post('/releases', token, { remote: 'catalog', version, manifestUrl, ramp });
    expect(registered.json<Release>()).toMatchObject({ status: 'canary', share: 10 });
    const analysis = await site().api.inject({ method: 'GET', url: '/releases/analysis?remote=catalog', headers: bearer(token) });
    expect(analysis.json()).toEqual([
      expect.objectContaining({ canary: expect.objectContaining({ version, share: 10 }), ramp: { ...ramp, step: 0, nextAt: expect.any(String), held: null } }),
    ]);
    expect((await post('/releases/catalog/rollback', token, { reason: 'only tried the ramp' })).statusCode).toBe(200);
  });

  it('rolls back to what was live before, never to a canary that never was: live L1, canary C1, canary C2, promote C2, rollback', async () => {
    const [l1, c1, c2] = [hashed('2.0.0', 1), hashed('2.0.0', 2), hashed('2.0.0', 3)];
    const token = site().tokens.checkout;
    await release('checkout', l1);
    await release('checkout', c1, { canary: 10 });
    await release('checkout', c2, { canary: 10 });
    expect((await post('/releases/checkout/promote', token)).json<Release>()).toMatchObject({ version: c2, status: 'live' });
    const back = await post('/releases/checkout/rollback', token, { reason: 'totals are wrong' });
    expect(back.statusCode).toBe(200);
    expect(back.json<Release>()).toMatchObject({ version: l1, status: 'live', reason: 'made live again by checkout team (checkout token)' });
    expect((await live()).checkout?.live?.version).toBe(l1);
    expect((await history('checkout')).map((row) => [row.version, row.status])).toEqual([
      [c2, 'rolled_back'],
      [c1, 'retired'],
      [l1, 'live'],
    ]);
    // L1 was the remote's first live release: the next rollback goes to the baseline set, not to C1.
    expect((await post('/releases/checkout/rollback', token)).json<Release>()).toMatchObject({ version: l1, status: 'rolled_back' });
    expect((await live()).checkout).toBeUndefined();
    expect((await post('/releases/checkout/rollback', token)).json()).toEqual({ message: 'checkout has no release to roll back: it runs its baseline set' });
  });

  it('goes back to a named version with `to`, and refuses an unknown one', async () => {
    await release('catalog', hashed('1.2.0', 3), { canary: 30 });
    expect((await post('/releases/catalog/rollback', site().tokens.catalog, { reason: 'errors on the home page' })).json<Release>().version).toBe(
      hashed('1.1.0', 2),
    );
    const forward = await post('/releases/catalog/rollback', site().admin.accessToken, { to: hashed('1.0.0', 1) });
    expect(forward.json<Release>()).toMatchObject({ version: hashed('1.0.0', 1), status: 'live', reason: `made live again by ${site().admin.email}` });
    expect((await post('/releases/catalog/rollback', site().tokens.catalog, { to: '7.7.7' })).statusCode).toBe(404);
  });

  it('releases a registered build again, as the canary or live, without its files, and says so with a 200', async () => {
    const version = hashed('1.2.0', 3);
    const [rolledBack] = (await history('catalog')).filter((row) => row.version === version);
    expect(rolledBack?.status).toBe('rolled_back');
    const body = { remote: 'catalog', version, manifestUrl: rolledBack!.manifestUrl };
    const asCanary = await post('/releases', site().tokens.catalog, { ...body, canary: 20 });
    expect(asCanary.statusCode).toBe(200);
    expect(asCanary.json<Release>()).toMatchObject({ status: 'canary', share: 20, reason: 'released again by catalog team (catalog token)' });
    const asLive = await post('/releases', site().tokens.catalog, body);
    expect(asLive.statusCode).toBe(200);
    expect((await live()).catalog).toEqual({ live: { version, manifestUrl: rolledBack!.manifestUrl }, canary: null });
    expect((await post('/releases', site().tokens.catalog, body)).statusCode).toBe(200);
    // The same version on a listed team host: a version names one build, wherever it is.
    site().listed.routes[`/catalog/${version}/mf-manifest.json`] = { json: remoteManifest('catalog') };
    const elsewhere = await post('/releases', site().tokens.catalog, { ...body, manifestUrl: `${site().listed.origin}/catalog/${version}/mf-manifest.json` });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json<{ message: string }>().message).toContain('is registered with another address');
    expect((await post('/releases', site().tokens.catalog, { ...body, canary: 5 })).json()).toEqual({
      message: `catalog ${version} is live already: a canary is a release beside the live one`,
    });
  });

  it('refuses to make live a release whose files are gone from the release storage, and changes nothing', async () => {
    rmSync(path.join(site().releaseDir, 'catalog', hashed('1.0.0', 1)), { recursive: true });
    const before = await live();
    const refused = await post('/releases/catalog/rollback', site().tokens.catalog, { to: hashed('1.0.0', 1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `catalog ${hashed('1.0.0', 1)}'s files are not in the release storage: it cannot be made live` });
    expect(await live()).toEqual(before);
  });

  it('shows anyone versions, times, shares and statuses, and only admins and deploy tokens who did what', async () => {
    await release('catalog', hashed('4.0.0', 5), { canary: 10 });
    expect((await post('/releases/catalog/rollback', site().admin.accessToken, { reason: `asked by ${site().admin.email}` })).statusCode).toBe(200);
    const read = (headers: Record<string, string> = {}) => site().api.inject({ method: 'GET', url: '/releases', headers });
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(200);
    const rows = anonymous.json<Release[]>();
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row).toMatchObject({ version: expect.any(String), status: expect.any(String), createdAt: expect.any(String), releasedBy: null, reason: null });
    }
    expect(anonymous.body).not.toMatch(/@|team|token|by /);
    const buyer = await site().api.account('Buyer');
    expect((await read(buyer.auth)).body).toBe(anonymous.body);

    for (const who of [site().admin.auth, bearer(site().tokens.checkout)]) {
      const full = (await read(who)).json<Release[]>();
      expect(full.find((row) => row.reason?.includes(`asked by ${site().admin.email}`))).toMatchObject({ releasedBy: expect.any(String) });
      expect(full.some((row) => row.releasedBy === 'catalog team (catalog token)')).toBe(true);
    }
    expect((await read(bearer('ucd_made-up'))).statusCode).toBe(401);
  });

  it('tells render servers of every registry change on the change stream, and not of each uploaded file', async () => {
    const api = site().api;
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(`${origin}/changes`);
    try {
      await stream.received(1);
      const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', hashed('3.0.0', 4));
      expect(stream.events).toEqual(['reliable']);
      const registered = await fetch(`${origin}/releases`, {
        method: 'POST',
        headers: { ...bearer(site().tokens.catalog), 'content-type': 'application/json' },
        body: JSON.stringify({ remote: 'catalog', version: hashed('3.0.0', 4), manifestUrl, canary: 5 }),
      });
      expect(registered.status).toBe(201);
      await stream.heard('change');
      expect(stream.events).toEqual(['reliable', 'change']);
    } finally {
      stream.close();
    }
  });
});
