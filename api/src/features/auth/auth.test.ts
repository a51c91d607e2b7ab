import { SignJWT } from 'jose';
import { users } from '../../db/schema';
import { describeEachDriver, uniqueEmail } from '../../../test/helpers';

describeEachDriver('sign-in (GET /jwt)', (api) => {
  const jwt = (email: string, headers: Record<string, string> = {}) => api().inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(email)}`, headers });

  it('trades a Firebase ID token for a short-lived access token naming the user', async () => {
    const buyer = await api().account('Buyer');
    const [, payload] = buyer.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.sub).toBe(buyer.id);
    expect(claims.exp - claims.iat).toBe(300);
  });

  it('needs the ID token, a valid one, for the same e-mail', async () => {
    const buyer = await api().account('Buyer');
    expect((await jwt(buyer.email)).statusCode).toBe(401);
    expect((await jwt(buyer.email, { authorization: 'Bearer garbage' })).statusCode).toBe(401);
    const other = api().identity.signIn('someone-else@example.test');
    const response = await jwt(buyer.email, { authorization: `Bearer ${other}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/email/);
  });

  it('tells a signed-in person without a record to register', async () => {
    const idToken = api().identity.signIn('new-person@example.test');
    const response = await jwt('new-person@example.test', { authorization: `Bearer ${idToken}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/register/);
  });

  describe('whose record it is', () => {
    it("refuses another sign-in account with the same e-mail, even a verified one, and keeps the record's own", async () => {
      const buyer = await api().account('Buyer');
      // Someone else made an identity-service account for the same address (another provider, a re-created account).
      const intruder = api().identity.signIn(buyer.email, 'Mallory', 'uid-of-mallory', { emailVerified: true });
      const response = await jwt(buyer.email, { authorization: `Bearer ${intruder}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This e-mail address belongs to another sign-in account');
      expect(await api().uidOf(buyer.email)).toBe(buyer.uid);
      expect((await jwt(buyer.email, { authorization: `Bearer ${buyer.idToken}` })).statusCode).toBe(200);
    });

    it('ties a record made before its sign-in account (seeding, the admin command) only to a verified e-mail', async () => {
      const email = uniqueEmail('ops');
      await api().db.insert(users).values({ name: 'Ops', email, role: 'admin' });
      const unverified = await jwt(email, { authorization: `Bearer ${api().identity.signIn(email, 'Ops', 'uid-squatter')}` });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toMatch(/verif/i);
      expect(await api().uidOf(email)).toBeNull();

      const verified = await jwt(email, { authorization: `Bearer ${api().identity.signIn(email, 'Ops', 'uid-ops', { emailVerified: true })}` });
      expect(verified.statusCode).toBe(200);
      expect(await api().uidOf(email)).toBe('uid-ops');
      // From now on the record is that account's: a second verified account for the address is refused.
      const second = await jwt(email, { authorization: `Bearer ${api().identity.signIn(email, 'Ops', 'uid-second', { emailVerified: true })}` });
      expect(second.statusCode).toBe(403);
      expect(await api().uidOf(email)).toBe('uid-ops');
    });
  });

  it('refuses access tokens that are forged, expired or of a deleted account', async () => {
    const buyer = await api().account('Buyer');
    const me = (authorization: string) => api().inject({ method: 'GET', url: `/users?email=${encodeURIComponent(buyer.email)}`, headers: { authorization } });
    expect((await me('Bearer not-a-jwt')).statusCode).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length!!'));
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('test-secret-at-least-32-characters-long'));
    expect((await me(`Bearer ${expired}`)).statusCode).toBe(401);
    expect((await me(buyer.auth.authorization)).statusCode).toBe(200);

    const admin = await api().account('admin');
    expect((await api().inject({ method: 'DELETE', url: `/allUsers/${buyer.id}`, headers: admin.auth })).statusCode).toBe(200);
    const afterDelete = await me(buyer.auth.authorization);
    expect(afterDelete.statusCode).toBe(401);
    expect(afterDelete.json().message).toMatch(/no longer exists/);
  });
});
