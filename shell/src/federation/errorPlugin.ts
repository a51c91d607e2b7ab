import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime hook: whatever stage the runtime fails at (a remote's entry script unreachable, an
 * exposed module absent), say so once in the console with the remote's name. The error still
 * propagates, so the area's error boundary shows its fallback with a retry. (A manifest that
 * cannot be read fails before the runtime is asked: remotes.ts reads it, with the same outcome.)
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
