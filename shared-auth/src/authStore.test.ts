import { authStore, getAccessToken, saveAccessToken, setRole, setSignedIn, setSignedOut } from './authStore';

const user = { uid: 'u1', email: 'rita@usedcars.test', displayName: 'Rita' };

beforeEach(() => {
  localStorage.clear();
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
