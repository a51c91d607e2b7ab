import { forgetLoadedScreens } from './loadedScreens';

/**
 * How a remote becomes known to the runtime. The shell reads /remotes.json at start-up and sets
 * this to "register this remote from its manifest, unless that already succeeded", so a load
 * after a failed read (a fallback's Try again) reads again instead of asking for a remote
 * nobody registered. A remote's standalone page has no such file: nothing to wait for.
 */
let ensureRegistered: (remote: string) => Promise<void> = () => Promise.resolve();
let forgetRegistration: (remote: string) => void = () => undefined;
let preloadScripts: (remote: string, id: string) => void = () => undefined;

/**
 * `preload` asks the browser for an exposed module's scripts (named in its remote's manifest) at
 * once, beside the remote's entry, instead of after it (docs/architecture.md, "Moving between screens").
 */
export function setRemoteRegistry(
  ensure: (remote: string) => Promise<void>,
  forget: (remote: string) => void = () => undefined,
  preload: (remote: string, id: string) => void = () => undefined,
): void {
  ensureRegistered = ensure;
  forgetRegistration = forget;
  preloadScripts = preload;
  forgetLoadedScreens();
}

export function ensureRemoteRegistered(remote: string): Promise<void> {
  return ensureRegistered(remote);
}

/** Once its remote is registered: the scripts of an exposed module (`catalog/BrandListPage`), requested now. */
export function preloadScreenScripts(remote: string, id: string): void {
  preloadScripts(remote, id);
}

export function forgetRemoteRegistration(remote: string): void {
  forgetLoadedScreens(remote);
  forgetRegistration(remote);
}
