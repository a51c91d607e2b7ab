import { waitFor } from '@testing-library/react';
import { authStore, startRenderedFor } from './authStore';
import { logOut, signIn, startIdentity } from './session';
import { IdentityDouble, resetSession, type ApiCall } from './testing';

/**
 * The render server's session cookie follows the sign-in: each new ID token is posted to the
 * page's own /session, a sign-out deletes it (the server's side: shell/src/server/session/session.test.ts).
 */
let calls: ApiCall[];
const sessionCalls = () => calls.filter((call) => call.path === '/session').map(({ method, body }) => ({ method, body }));

function buyer(): IdentityDouble {
  const identity = new IdentityDouble();
  identity.accounts.set('buyer@usedcars.test', { password: 'pw', name: 'Bea' });
  return identity;
}

beforeEach(() => {
  const api = resetSession();
  api.roles.set('buyer@usedcars.test', 'Buyer');
  ({ calls } = api);
});

test('a sign-in posts its ID token, a refreshed token renews the cookie, and log out deletes it', async () => {
  const identity = buyer();
  await startIdentity(async () => identity);
  await signIn('buyer@usedcars.test', 'pw');
  expect(sessionCalls()).toEqual([{ method: 'POST', body: { idToken: 'id-token-of-buyer@usedcars.test' } }]);
  identity.refreshToken();
  await waitFor(() => expect(sessionCalls()).toHaveLength(2));
  expect(sessionCalls()[1]).toEqual({ method: 'POST', body: { idToken: 'id-token-of-buyer@usedcars.test-1' } });
  await logOut();
  expect(sessionCalls().at(-1)).toEqual({ method: 'DELETE', body: undefined });
});

test('a page rendered for the person keeps its cookie until the token is refreshed', async () => {
  const identity = buyer();
  await identity.signIn('buyer@usedcars.test', 'pw');
  startRenderedFor({ uid: 'buyer@usedcars.test', email: 'buyer@usedcars.test', name: 'Bea', role: 'Buyer' });
  expect(authStore.getState()).toMatchObject({ status: 'signedIn', role: 'Buyer' });
  await startIdentity(async () => identity);
  expect(sessionCalls()).toEqual([]);
  identity.refreshToken();
  await waitFor(() => expect(sessionCalls()).toEqual([{ method: 'POST', body: { idToken: 'id-token-of-buyer@usedcars.test-1' } }]));
});

test('a page rendered for someone this browser no longer signs in clears the cookie and shows nobody', async () => {
  startRenderedFor({ uid: 'gone', email: 'gone@usedcars.test', name: 'Gone', role: 'Buyer' });
  await startIdentity(async () => new IdentityDouble());
  await waitFor(() => expect(authStore.getState().status).toBe('signedOut'));
  expect(sessionCalls()).toEqual([{ method: 'DELETE', body: undefined }]);
});
