import type { ModuleId } from '@usedcars/shared-contract';

/**
 * The screen modules the page fetched so far: a screen whose code is here renders at once,
 * without a loading state (docs/architecture.md, "Moving between screens"). Forgotten with the
 * remote's registration: a remote registered afresh may bring another build.
 */
const loaded = new Map<ModuleId, unknown>();

export function rememberLoadedScreen(id: ModuleId, module: unknown): void {
  // Only in the browser: the render server runs several builds of one remote at once.
  if (typeof document !== 'undefined') loaded.set(id, module);
}

export function loadedScreen(id: ModuleId): unknown {
  return loaded.get(id);
}

/** One remote's modules, or every remote's (a new registry). */
export function forgetLoadedScreens(remote?: string): void {
  for (const id of [...loaded.keys()]) if (remote === undefined || id.startsWith(`${remote}/`)) loaded.delete(id);
}
