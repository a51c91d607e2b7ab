import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare let __webpack_public_path__: string;

/** The key the host adds to a container's init options, read by the remote's own runtime. */
const PUBLIC_PATH = 'usedcarsPublicPath';

/**
 * Runtime plugin of the server builds (the render server's and each remote's). The render server
 * fetches a remote's server build from wherever the remote is published, so its public path is
 * only known then: the folder above server/, the browser build's folder. As host, it hands that
 * folder to the container's init; as remote, it sets it before any chunk is requested, so chunks
 * come from the same place and an imported picture has the very address the page gives it.
 */
export default function ssrPublicPath(): ModuleFederationRuntimePlugin {
  return {
    name: 'usedcars-ssr-public-path',
    beforeInitContainer(args) {
      // In place: the options carry a non-enumerable shareScopeMap a copy would lose.
      Object.assign(args.remoteEntryInitOptions, { [PUBLIC_PATH]: new URL('../', args.remoteInfo.entry).href });
      return args;
    },
    beforeInit(args) {
      const publicPath = (args.userOptions as { [PUBLIC_PATH]?: unknown })[PUBLIC_PATH];
      if (typeof publicPath === 'string') __webpack_public_path__ = publicPath;
      return args;
    },
  };
}
