import { forgetLoadedScreens } from './loadedScreens';

/**
 * How a remote becomes known to the runtime. The shell reads /remotes.json at start-up and sets
 * this to "register this remote from its manifest, unless that already succeeded", so a load
 * after a failed read (a fallback's Try again) reads again instead of asking for a remote
 * nobody registered. A remote's standalone page has no such file: nothing to wait for.
 */
let ensureRegistered: (remote: string) => Promise<void> = () => Promise.resolve();
let forgetRegistration: (remote: string) => void = () => undefined;

export function setRemoteRegistry(ensure: (remote: string) => Promise<void>, forget: (remote: string) => void = () => undefined): void {
  ensureRegistered = ensure;
  forgetRegistration = forget;
  forgetLoadedScreens();
}

export function ensureRemoteRegistered(remote: string): Promise<void> {
  return ensureRegistered(remote);
}

export function forgetRemoteRegistration(remote: string): void {
  forgetLoadedScreens(remote);
  forgetRegistration(remote);
}
