import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime hook: whatever stage a remote fails at (its manifest missing, its entry script
 * unreachable, an exposed module absent), say so once in the console with the remote's name.
 * The error still propagates, so the area's error boundary shows its fallback with a retry.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'usedcars-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] could not load ${id} (${lifecycle}):`, error instanceof Error ? error.message : error);
      throw error;
    },
  };
}
