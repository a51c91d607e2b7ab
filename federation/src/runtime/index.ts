import { loadRemote } from '@module-federation/enhanced/runtime';
import { keptModules, type RemoteRegistry } from '@usedcars/federation';
import { remoteOf } from '@usedcars/shared-contract';

/**
 * Modules straight from the page's federation runtime, each remote made known by `register` first
 * (nothing to do by default: a remote's standalone page, tests).
 */
export function runtimeRegistry(register: (remote: string) => Promise<void> = () => Promise.resolve()): RemoteRegistry {
  const modules = keptModules(async (id) => {
    await register(remoteOf(id));
    return loadRemote(id);
  });
  return { ...modules, register };
}
