import { describeReleaseSite, hashed } from '../../../test/release-site';

/** Deploy tokens and an admin's pins (docs/releases.md, "Deploy tokens" and "Pin"). */
describeReleaseSite('deploy tokens and pins', (site) => {
  const version = hashed('1.0.0', 1);

  beforeAll(async () => {
    const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', version);
    const registered = await site().api.inject({
      method: 'POST',
      url: '/releases',
      headers: { authorization: `Bearer ${site().tokens.catalog}` },
      payload: { remote: 'catalog', version, manifestUrl },
    });
    expect(registered.statusCode).toBe(201);
  });

  it('stops a revoked token at once, and never lists the token itself', async () => {
    const { admin, api } = site();
    const made = await api.inject({ method: 'POST', url: '/deploy-tokens', headers: admin.auth, payload: { name: 'short-lived', remote: 'dashboard' } });
    const { id, token } = made.json<{ id: string; token: string }>();
    const upload = () => site().put(token, 'dashboard', hashed('1.0.0', 2), 'remoteEntry.js', 'x');
    expect((await upload()).statusCode).toBe(201);
    expect((await api.inject({ method: 'DELETE', url: `/deploy-tokens/${id}`, headers: admin.auth })).json()).toMatchObject({ revokedAt: expect.any(String) });
    expect((await upload()).statusCode).toBe(401);
    const listed = (await api.inject({ method: 'GET', url: '/deploy-tokens', headers: admin.auth })).json<Array<Record<string, unknown>>>();
    expect(listed.find((row) => row.id === id)).toMatchObject({ name: 'short-lived', remote: 'dashboard' });
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it("pins an admin's browser to a registered release only, with a pin the API alone can sign", async () => {
    const { admin, api } = site();
    const pinned = await api.inject({ method: 'POST', url: '/releases/pin', headers: admin.auth, payload: { remote: 'catalog', version } });
    expect(pinned.statusCode).toBe(201);
    const { pin } = pinned.json<{ pin: string }>();
    const checked = await api.inject({ method: 'GET', url: `/releases/pins?pin=${pin}` });
    expect(checked.json()).toEqual({ remote: 'catalog', version, manifestUrl: `http://127.0.0.1:5000/release-files/catalog/${version}/mf-manifest.json` });

    const [body, mac] = pin.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ remote: 'catalog', version: '1.0.0', exp: 4e9 })).toString('base64url');
    for (const forged of [`${forgedBody}.${mac}`, `${body}.AAAA`, 'nonsense']) {
      expect((await api.inject({ method: 'GET', url: `/releases/pins?pin=${encodeURIComponent(forged)}` })).statusCode).toBe(404);
    }
    expect((await api.inject({ method: 'POST', url: '/releases/pin', headers: admin.auth, payload: { remote: 'catalog', version: 'nope' } })).statusCode).toBe(
      404,
    );
    const buyer = await api.account('Buyer');
    expect((await api.inject({ method: 'POST', url: '/releases/pin', headers: buyer.auth, payload: { remote: 'catalog', version } })).statusCode).toBe(403);
  });
});
