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

async function saveRecord(id: IdentityAdapter, { name, email, role }: Registration): Promise<void> {
  const idToken = await id.getIdToken(true);
  if (!idToken) throw new Error('Not signed in');
  await saveUser({ name, email, role }, idToken);
}

async function finishSignUp(user: AuthUser, { name, email, role }: Registration): Promise<void> {
  await exchangeToken(email);
  setSignedIn({ ...user, displayName: name }, role);
}

/** The password opens it and the API has no record: an earlier sign-up stopped half-way. */
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
      // Undone only when the API surely saved nothing (docs/product.md, "Signing in").
      if (error instanceof ApiError && error.status < 500) {
        await id.deleteAccount().catch((undoError) => console.warn('[auth] the refused account could not be removed', undoError));
      }
      throw error;
    }
    // From here a failure keeps the account: logging in finishes.
    await finishSignUp(user, registration);
  });
}
