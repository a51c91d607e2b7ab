import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { preloadIdentity } from '@usedcars/shared-auth';
import { describeAuthError } from '@usedcars/shared-auth/authErrors';

/**
 * Runs a sign-in action with a busy flag; a failure becomes a readable toast and the form keeps
 * what was typed (its state is untouched). The console still gets the raw error, for whoever debugs it.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false);
  // The identity SDK is not loaded for visitors; a sign-in screen fetches it while the person types.
  useEffect(preloadIdentity, []);
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
