import { type Account, describeEachDriver } from '../../../test/helpers';
import { RECENT_SIGN_IN_SECONDS } from './session-routes';

describeEachDriver('the session cookie (POST, GET and DELETE /auth/session)', (api) => {
  const startSession = (idToken: string, payload: { current?: string } = {}) =>
    api().inject({ method: 'POST', url: '/auth/session', headers: { authorization: `Bearer ${idToken}` }, payload });
  const viewer = (cookie: string) => api().inject({ method: 'GET', url: '/auth/session', headers: { authorization: `Session ${cookie}` } });
  const cookieOf = async (account: Account) => {
    const response = await startSession(account.idToken);
    expect(response.statusCode).toBe(200);
    return response.json<{ sessionCookie: string }>().sessionCookie;
  };

  it('trades the ID token of a recent sign-in for a cookie that names the account on reads', async () => {
    const buyer = await api().account('Buyer', 'Bea Buyer');
    const response = await startSession(buyer.idToken);
    expect(response.json()).toEqual({ sessionCookie: expect.any(String), expiresInSeconds: 5 * 24 * 3600 });
    const who = await viewer(response.json().sessionCookie);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ uid: buyer.uid, email: buyer.email, name: 'Bea Buyer', role: 'Buyer' });
    const orders = await api().inject({
      method: 'GET',
      url: `/bookings?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `Session ${response.json().sessionCookie}` },
    });
    expect(orders.statusCode).toBe(200);
  });

  it('refuses a bad ID token, and an old sign-in unless it renews a session of the same account', async () => {
    const buyer = await api().account('Buyer');
    expect((await startSession('not-a-token')).statusCode).toBe(401);
    const old = api().identity.signInEarlier(buyer.email, RECENT_SIGN_IN_SECONDS + 60, buyer.uid);
    const refused = await startSession(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/sign in again/i);
    const current = await cookieOf(buyer);
    expect((await startSession(old, { current })).statusCode).toBe(200);
    const other = await api().account('Buyer');
    expect((await startSession(old, { current: await cookieOf(other) })).statusCode).toBe(401);
  });

  it('treats a tampered, revoked or deleted account’s cookie as signed out (401, never a 5xx)', async () => {
    const buyer = await api().account('Buyer');
    // Revocation counts whole seconds, as the identity service's does: this sign-in is from an earlier one.
    const cookie = await cookieOf({ ...buyer, idToken: api().identity.signInEarlier(buyer.email, 2, buyer.uid) });
    expect((await viewer(`${cookie}x`)).statusCode).toBe(401);
    await api().identity.revokeSessions(buyer.uid);
    expect((await viewer(cookie)).statusCode).toBe(401);

    const seller = await api().account('Seller');
    const sellerCookie = await cookieOf(seller);
    const admin = await api().account('admin');
    expect((await api().inject({ method: 'DELETE', url: `/allUsers/${seller.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await viewer(sellerCookie)).statusCode).toBe(401);
  });

  it('never authorizes a change, nor a new access token', async () => {
    const buyer = await api().account('Buyer');
    const cookie = await cookieOf(buyer);
    const session = { authorization: `Session ${cookie}` };
    const seller = await api().account('Seller');
    const carId = await api().addCar(seller);
    const booking = await api().inject({
      method: 'POST',
      url: '/bookings',
      headers: session,
      payload: { carId, phone: '+1 415 555 0100', address: '1 Market St' },
    });
    expect(booking.statusCode).toBe(401);
    expect(booking.json().message).toMatch(/reads only/);
    expect((await api().inject({ method: 'PUT', url: `/favourites/${carId}`, headers: session })).statusCode).toBe(401);
    expect((await api().inject({ method: 'DELETE', url: `/favourites/${carId}`, headers: session })).statusCode).toBe(401);
    expect((await api().inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(buyer.email)}`, headers: session })).statusCode).toBe(401);
    expect((await api().inject({ method: 'POST', url: '/auth/session', headers: session, payload: {} })).statusCode).toBe(401);
    // The same person's access token still does what the cookie may not.
    expect((await api().inject({ method: 'PUT', url: `/favourites/${carId}`, headers: buyer.auth })).statusCode).toBeLessThan(300);
  });

  it('Log Out ends the session: the old cookie is refused on every read and cannot renew, and the same person’s other devices follow', async () => {
    const buyer = await api().account('Buyer', 'Bea Buyer');
    // Two devices, signed in a few seconds ago (revocation counts whole seconds, as the identity service's does).
    const phone = api().identity.signInEarlier(buyer.email, 3, buyer.uid);
    const laptop = api().identity.signInEarlier(buyer.email, 2, buyer.uid);
    const phoneCookie = await cookieOf({ ...buyer, idToken: phone });
    const laptopCookie = await cookieOf({ ...buyer, idToken: laptop });
    expect((await viewer(phoneCookie)).statusCode).toBe(200);

    const logOut = await api().inject({ method: 'DELETE', url: '/auth/session', headers: { authorization: `Session ${phoneCookie}` } });
    expect(logOut.statusCode).toBe(204);
    for (const cookie of [phoneCookie, laptopCookie]) {
      expect((await viewer(cookie)).statusCode).toBe(401);
      const orders = await api().inject({
        method: 'GET',
        url: `/bookings?email=${encodeURIComponent(buyer.email)}`,
        headers: { authorization: `Session ${cookie}` },
      });
      expect(orders.statusCode).toBe(401);
      expect((await startSession(api().identity.signInEarlier(buyer.email, 600, buyer.uid), { current: cookie })).statusCode).toBe(401);
    }
    // The other device's ID token is refused too: it can neither make a new cookie nor a new access token.
    expect((await startSession(laptop)).statusCode).toBe(401);
    // Signing in again starts a new session at once.
    expect((await viewer(await cookieOf({ ...buyer, idToken: api().identity.signIn(buyer.email, 'Bea Buyer', buyer.uid) }))).statusCode).toBe(200);
  });

  it('Log Out in the same second as the sign-in still ends that session (revocation counts whole seconds)', async () => {
    const buyer = await api().account('Buyer');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const cookie = await cookieOf({ ...buyer, idToken: api().identity.signIn(buyer.email, undefined, buyer.uid) });
      expect((await api().inject({ method: 'DELETE', url: '/auth/session', headers: { authorization: `Session ${cookie}` } })).statusCode).toBe(204);
      expect((await viewer(cookie)).statusCode).toBe(401);
    }
  });

  it('ends a session only for the holder of its cookie: no cookie, a forged or ended one, or an access token are refused', async () => {
    const buyer = await api().account('Buyer');
    const cookie = await cookieOf(buyer);
    const end = (authorization?: string) => api().inject({ method: 'DELETE', url: '/auth/session', headers: authorization ? { authorization } : {} });
    for (const authorization of [
      undefined,
      `Session ${cookie}x`,
      'Session %',
      `Session ${'x'.repeat(5_000)}`,
      buyer.auth.authorization,
      `Bearer ${buyer.idToken}`,
    ]) {
      const response = await end(authorization);
      expect({ authorization: authorization?.slice(0, 40), status: response.statusCode }).toEqual({ authorization: authorization?.slice(0, 40), status: 401 });
    }
    expect((await viewer(cookie)).statusCode).toBe(200);
  });
});
