import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare let __webpack_public_path__: string;

/** The key the host adds to a container's init options, read by the remote's own runtime. */
const PUBLIC_PATH = 'usedcarsPublicPath';

/** The server builds' public path, known only at load: the browser build's folder (docs/architecture.md, "The builds"). */
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
