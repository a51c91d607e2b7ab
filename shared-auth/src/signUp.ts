import type { SelfServiceRole } from '@usedcars/shared-contract';
import { ApiError, saveUser } from '@usedcars/shared-api';
import { setSignedIn, type AuthUser } from './authStore';
import type { IdentityAdapter } from './identity/types';
import { asAction, exchangeToken, identity, isMissingRecord } from './session';

export interface Registration {
  name: string;
  email: string;
  password: string;
  role: SelfServiceRole;
}

/** The API half of a sign-up, 1: the user record with the chosen role (POST /users). */
async function saveRecord(id: IdentityAdapter, { name, email, role }: Registration): Promise<void> {
  const idToken = await id.getIdToken(true);
  if (!idToken) throw new Error('Not signed in');
  await saveUser({ name, email, role }, idToken);
}

/** The API half of a sign-up, 2: the access token, and the person is in. */
async function finishSignUp(user: AuthUser, { name, email, role }: Registration): Promise<void> {
  await exchangeToken(email);
  setSignedIn({ ...user, displayName: name }, role);
}

/**
 * The e-mail is taken: if the password opens it and the API has no record for it, this is an
 * earlier sign-up that stopped half-way (the API failed or was out of reach while saving the
 * record, or an undo failed), and registering again finishes it. Otherwise it is someone's account: 'already in use'.
 */
async function finishEarlierSignUp(id: IdentityAdapter, registration: Registration, inUse: unknown): Promise<void> {
  const user = await id.signIn(registration.email, registration.password).catch(() => {
    throw inUse;
  });
  try {
    await exchangeToken(registration.email);
  } catch (error) {
    if (!isMissingRecord(error)) throw error;
    await saveRecord(id, registration);
    return finishSignUp(user, registration);
  }
  throw inUse; // a complete account: log in instead (asAction signs this sign-in out)
}

/** Register: create the account, set the display name, save the user record, fetch the token. */
export function signUp(registration: Registration): Promise<void> {
  return asAction(async () => {
    const id = await identity();
    let user: AuthUser;
    try {
      user = await id.signUp(registration.email, registration.password, registration.name);
    } catch (error) {
      if ((error as { code?: unknown })?.code === 'auth/email-already-in-use') return finishEarlierSignUp(id, registration, error);
      throw error;
    }
    try {
      await saveRecord(id, registration);
    } catch (error) {
      // A saved record is tied to this identity account for good (the API never re-ties a record
      // to another one), so the account is undone only when the API definitely saved nothing: it
      // refused (4xx). A 5xx or no answer may come after the record was written (a timeout); then
      // deleting the account would lock the e-mail for good. Kept, it is finished by registering
      // again with the same e-mail and password (finishEarlierSignUp) or, if the record did land,
      // by logging in.
      if (error instanceof ApiError && error.status < 500) {
        await id.deleteAccount().catch((undoError) => console.warn('[auth] the refused account could not be removed', undoError));
      }
      throw error;
    }
    // The record is saved, so from here too a failure keeps the account: logging in finishes.
    await finishSignUp(user, registration);
  });
}
