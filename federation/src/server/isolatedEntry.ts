import { createRequire } from 'node:module';
import path from 'node:path';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { withInstancesHidden } from './runtimeGlobals';

type RemoteEntryExports = Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>;

/** Node's own modules, resolved as the runtime's own loader does. */
const requireForRemotes = createRequire(path.join(process.cwd(), '__mf_require_base__.js'));

/** Runs a server entry with the remote's other instances hidden, so its runtime adopts none (docs/architecture.md, "Two builds of one remote"). */
function runServerEntry(code: string, entryUrl: string, remote: string): RemoteEntryExports {
  const url = new URL(entryUrl);
  // Compiled in this realm, so the build's runtime shares this module's globals (vm would use Node's main context).
  const run = new Function('exports', 'module', 'require', '__dirname', '__filename', `${code}\n//# sourceURL=${entryUrl}`) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  withInstancesHidden(remote, () => run(module.exports, module, requireForRemotes, path.posix.dirname(url.pathname), path.posix.basename(url.pathname)));
  const container = module.exports as RemoteEntryExports | undefined;
  if (typeof container?.get !== 'function' || typeof container.init !== 'function') throw new Error(`${entryUrl} is not a federation container`);
  return container;
}

export function isolatedServerEntry(fetcher: typeof fetch, timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'usedcars-isolated-server-entry',
    async loadEntry({ remoteInfo }) {
      const response = await fetcher(remoteInfo.entry, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`${remoteInfo.entry} responded ${response.status}`);
      return runServerEntry(await response.text(), remoteInfo.entry, remoteInfo.name);
    },
  };
}
