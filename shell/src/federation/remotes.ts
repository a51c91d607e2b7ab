import { registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTE_NAMES = ['catalog', 'dashboard', 'checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Reads remotes.json (deploy-time: where each remote's mf-manifest.json lives) and registers
 * the remotes. Nothing is fetched from a remote until one of its screens is shown.
 */
export async function registerRemotesFromFile(url = '/remotes.json'): Promise<void> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const entries = (await response.json()) as Partial<Record<RemoteName, string>>;
  registerRemotes(
    REMOTE_NAMES.filter((name) => typeof entries[name] === 'string').map((name) => ({ name, entry: entries[name] as string })),
  );
}
