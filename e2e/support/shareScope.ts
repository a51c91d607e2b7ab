import type { Page } from '@playwright/test';

/**
 * What the federation runtime's share scope says of one shared package on the page: each version
 * registered, who provided it, whether it was loaded, and which containers (the shell, each
 * remote) were handed it. It is the runtime's own record, so the proof that a singleton is shared
 * needs nothing in the site's bundles.
 */
export interface ShareEntry {
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
}

export function shareScope(page: Page, names: readonly string[]): Promise<Record<string, ShareEntry[]>> {
  return page.evaluate((wanted) => {
    type Shared = { from?: string; loaded?: boolean; loading?: unknown; lib?: unknown; useIn?: string[] };
    type Instance = { shareScopeMap?: Record<string, Record<string, Record<string, Shared>>> };
    const federation = (window as unknown as { __FEDERATION__?: { __INSTANCES__?: Instance[] } }).__FEDERATION__;
    const result: Record<string, ShareEntry[]> = {};
    for (const name of wanted) {
      const entries = new Map<Shared, ShareEntry>();
      for (const instance of federation?.__INSTANCES__ ?? []) {
        for (const [version, shared] of Object.entries(instance.shareScopeMap?.default?.[name] ?? {})) {
          entries.set(shared, {
            version,
            from: shared.from ?? '',
            loaded: Boolean(shared.loaded || shared.lib),
            useIn: [...(shared.useIn ?? [])].sort(),
          });
        }
      }
      result[name] = [...entries.values()];
    }
    return result;
  }, names);
}

/**
 * Sets the session through the page's one copy of @usedcars/shared-auth, taken from the share
 * scope as any remote is handed it.
 */
export function setSessionThroughShareScope(page: Page, state: object): Promise<void> {
  return page.evaluate(async (next) => {
    type Shared = { lib?: () => unknown; get?: () => Promise<() => unknown> };
    type Instance = { shareScopeMap?: Record<string, Record<string, Record<string, Shared>>> };
    const federation = (window as unknown as { __FEDERATION__?: { __INSTANCES__?: Instance[] } }).__FEDERATION__;
    for (const instance of federation?.__INSTANCES__ ?? []) {
      const shared = Object.values(instance.shareScopeMap?.default?.['@usedcars/shared-auth'] ?? {})[0];
      if (!shared) continue;
      const module = (shared.lib ? shared.lib() : (await shared.get!())()) as { authStore: { setState: (state: object) => void } };
      module.authStore.setState(next);
      return;
    }
    throw new Error('@usedcars/shared-auth is not in the share scope');
  }, state);
}
