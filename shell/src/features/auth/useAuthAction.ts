import { useState } from 'react';
import toast from 'react-hot-toast';
import { preloadIdentity } from '@usedcars/shared-auth';
import { describeAuthError } from '@usedcars/shared-auth/authErrors';

/**
 * The identity SDK is the heaviest script of a sign-in; a form asks for it once someone starts to
 * use it (a focus, a pointer over Google's button), never as the page starts (docs/performance.md,
 * "The identity SDK on intent"). Spread on the form and on each button that signs in.
 */
export const signInIntent = { onFocus: preloadIdentity, onPointerEnter: preloadIdentity, onPointerDown: preloadIdentity };

/**
 * Runs a sign-in action with a busy flag; a failure becomes a readable toast and the form keeps
 * what was typed (its state is untouched). The console still gets the raw error, for whoever debugs it.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, onDone: () => void) => {
    setBusy(true);
    try {
      await action();
      onDone();
    } catch (error) {
      console.error('[auth]', error);
      toast.error(describeAuthError(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
