import { registerRemotes } from '@module-federation/enhanced/runtime';
import { setRemoteRegistry } from '@usedcars/shared-ui';

export const REMOTE_NAMES = ['catalog', 'dashboard', 'checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Reads remotes.json (deploy-time: where each remote's mf-manifest.json lives) and registers
 * the remotes. Nothing is fetched from a remote until one of its screens is shown.
 */
async function registerRemotesFromFile(url = '/remotes.json'): Promise<void> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const entries = (await response.json()) as Partial<Record<RemoteName, string>>;
  registerRemotes(
    REMOTE_NAMES.filter((name) => typeof entries[name] === 'string').map((name) => ({ name, entry: entries[name] as string })),
  );
}

/**
 * Registers the remotes at start-up, and hands shared-ui the way to do it again: every remote
 * load awaits the registration, and one that failed (remotes.json unreachable for a moment) is
 * read afresh by the next load, which is what a fallback's Try again does. Without this the
 * page could never recover without a reload: every remote stayed unknown to the runtime.
 */
export function startRemoteRegistry(url = '/remotes.json'): Promise<void> {
  let registered: Promise<void> | undefined;
  const ensureRegistered = () => {
    registered ??= registerRemotesFromFile(url).catch((error: unknown) => {
      registered = undefined;
      throw error;
    });
    return registered;
  };
  setRemoteRegistry(ensureRegistered);
  return ensureRegistered();
}
