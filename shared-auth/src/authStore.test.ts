import { authStore, getAccessToken, logOut, saveAccessToken, setRole, setSignOutHandler, setSignedIn, setSignedOut } from './authStore';

const user = { uid: 'u1', email: 'rita@usedcars.test', displayName: 'Rita' };

beforeEach(() => {
  localStorage.clear();
  setSignOutHandler(null);
  authStore.setState({ status: 'loading', user: null, role: null });
});

test('starts loading, then holds the signed-in person and their role', () => {
  expect(authStore.getState()).toEqual({ status: 'loading', user: null, role: null });
  setSignedIn(user);
  expect(authStore.getState()).toEqual({ status: 'signedIn', user, role: null });
  setRole('Seller');
  expect(authStore.getState().role).toBe('Seller');
});

test('the access token lives in localStorage under accessToken; signing out clears it and the store', () => {
  saveAccessToken('t-123');
  expect(localStorage.getItem('accessToken')).toBe('t-123');
  expect(getAccessToken()).toBe('t-123');
  setSignedIn(user, 'Buyer');
  setSignedOut();
  expect(getAccessToken()).toBeNull();
  expect(authStore.getState()).toEqual({ status: 'signedOut', user: null, role: null });
});

test('log out signs out of the identity service too, and clears the store even if that fails', async () => {
  const handler = jest.fn(async () => undefined);
  setSignOutHandler(handler);
  setSignedIn(user, 'Buyer');
  saveAccessToken('t');
  await logOut();
  expect(handler).toHaveBeenCalledTimes(1);
  expect(authStore.getState().status).toBe('signedOut');

  setSignOutHandler(async () => {
    throw new Error('identity service down');
  });
  setSignedIn(user, 'Buyer');
  saveAccessToken('t');
  await expect(logOut()).rejects.toThrow('identity service down');
  expect(authStore.getState().status).toBe('signedOut');
  expect(getAccessToken()).toBeNull();
});
