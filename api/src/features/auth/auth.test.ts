import { SignJWT } from 'jose';
import { describeEachDriver } from '../../../test/helpers';

describeEachDriver('sign-in (GET /jwt)', (api) => {
  const jwt = (email: string, headers: Record<string, string> = {}) =>
    api().inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(email)}`, headers });

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

  it('refuses access tokens that are forged, expired or of a deleted account', async () => {
    const buyer = await api().account('Buyer');
    const me = (authorization: string) => api().inject({ method: 'GET', url: `/users?email=${encodeURIComponent(buyer.email)}`, headers: { authorization } });
    expect((await me('Bearer not-a-jwt')).statusCode).toBe(401);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(buyer.id).setExpirationTime('5m').sign(new TextEncoder().encode('another-secret-of-sufficient-length!!'));
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
