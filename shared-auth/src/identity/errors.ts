import { ApiError, ApiUnreachableError } from '@usedcars/shared-api';
import { UNFINISHED_SIGN_UP } from './codes';

/** Firebase's error codes in words a person can act on (docs/product.md, "Login"). */
const MESSAGES: Record<string, string> = {
  [UNFINISHED_SIGN_UP]:
    'Your account was never finished, so there is nothing to log in to yet. Create a new Account with this same e-mail and password to finish it.',
  'auth/invalid-credential': 'Wrong e-mail or password.',
  'auth/wrong-password': 'Wrong e-mail or password.',
  'auth/invalid-login-credentials': 'Wrong e-mail or password.',
  'auth/user-not-found': 'No account uses this e-mail. Create a new account first.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Log in instead.',
  'auth/weak-password': 'The password is too weak: use at least 6 characters.',
  'auth/invalid-email': 'That e-mail address does not look right.',
  'auth/missing-password': 'Enter your password.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before signing in.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before signing in.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Wait a minute and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/account-exists-with-different-credential':
    'This e-mail already has an account that signs in with a password. Log in with your e-mail and password instead.',
};

export function describeAuthError(error: unknown): string {
  if (error instanceof ApiUnreachableError || error instanceof ApiError) return error.message;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && MESSAGES[code]) return MESSAGES[code];
  return 'Something went wrong while signing in. Please try again.';
}
