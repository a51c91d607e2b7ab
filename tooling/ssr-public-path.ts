import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare let __webpack_public_path__: string;

interface RegisteredRemote {
  name: string;
  entry?: string;
}

interface FederationGlobal {
  __FEDERATION__?: { __INSTANCES__?: Array<{ options?: { remotes?: RegisteredRemote[] } }> };
}

/** The address the render server registered this remote's server entry under (…/server/remoteEntry.js). */
function registeredEntry(name: string): string | undefined {
  for (const instance of (globalThis as FederationGlobal).__FEDERATION__?.__INSTANCES__ ?? []) {
    const remote = instance.options?.remotes?.find((candidate) => candidate.name === name && candidate.entry);
    if (remote?.entry) return remote.entry;
  }
  return undefined;
}

/**
 * Runtime plugin of a remote's server build. The render server fetches that build from wherever
 * the remote is published, so its public path is only known then: the folder above server/,
 * which is the browser build's folder. Set before any chunk is asked for, it makes the server
 * fetch the chunks from the same place and give every imported picture the very address the
 * page gives it (the page takes over the server's HTML only if the two agree).
 */
export default function ssrPublicPath(): ModuleFederationRuntimePlugin {
  return {
    name: 'usedcars-ssr-public-path',
    beforeInit(args) {
      const entry = args.userOptions.name ? registeredEntry(args.userOptions.name) : undefined;
      if (entry) __webpack_public_path__ = new URL('../', entry).href;
      return args;
    },
  };
}
