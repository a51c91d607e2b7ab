import { ApiError, ApiUnreachableError } from '@usedcars/shared-api';
import { describeAuthError } from './errors';

/** What the Login and Register screens show for each failure (their toasts read this). */
const firebase = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

test.each([
  ['wrong password', firebase('auth/invalid-credential'), 'Wrong e-mail or password.'],
  ['wrong password (older SDK code)', firebase('auth/wrong-password'), 'Wrong e-mail or password.'],
  ['unknown e-mail', firebase('auth/user-not-found'), 'No account uses this e-mail. Create a new account first.'],
  ['e-mail in use', firebase('auth/email-already-in-use'), 'An account with this e-mail already exists. Log in instead.'],
  ['weak password', firebase('auth/weak-password'), 'The password is too weak: use at least 6 characters.'],
  ['Google window closed', firebase('auth/popup-closed-by-user'), 'The Google sign-in window was closed before signing in.'],
  ['Google window replaced', firebase('auth/cancelled-popup-request'), 'The Google sign-in window was closed before signing in.'],
  ['Google window blocked', firebase('auth/popup-blocked'), 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.'],
  ['identity service unreachable', firebase('auth/network-request-failed'), 'We could not reach the sign-in service. Check your connection and try again.'],
  ['too many attempts', firebase('auth/too-many-requests'), 'Too many attempts. Wait a minute and try again.'],
  [
    'Google for an e-mail that has a password account',
    firebase('auth/account-exists-with-different-credential'),
    'This e-mail already has an account that signs in with a password. Log in with your e-mail and password instead.',
  ],
])('%s', (_case, error, message) => {
  expect(describeAuthError(error)).toBe(message);
});

test('the API unreachable: the client says so', () => {
  expect(describeAuthError(new ApiUnreachableError(new TypeError('Failed to fetch')))).toBe(
    'We could not reach the Used Cars server. Check your connection and try again.',
  );
});

test("the API's refusal: its own message", () => {
  expect(describeAuthError(new ApiError('email must be the e-mail you signed in with', 403))).toBe('email must be the e-mail you signed in with');
});

test('anything else: a general message, never a raw code', () => {
  expect(describeAuthError(firebase('auth/internal-error'))).toBe('Something went wrong while signing in. Please try again.');
  expect(describeAuthError(undefined)).toBe('Something went wrong while signing in. Please try again.');
});
