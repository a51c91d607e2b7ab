// The page's connection to the federation machinery: one copy per page, as a singleton shared package
// (docs/sharing-and-releases.md). Other packages and this package's subpath modules import it by name.
export { connect, connection, makeConnection, scopeConnections } from './connection';
export type { ApiConnection, Connection, ConnectOptions, PageSession } from './connection';
export type { RuntimeConfig, FirebaseWebConfig } from '../config/runtimeConfig';
export { keptModules, type RemoteRegistry } from './remoteRegistry';
export { keepServerMarkupOf, releaseServerMarkup, isServerMarkupKept } from './serverMarkup';
export { ServerHeadContext, type ServerHead, type PreloadImage } from './serverHead';
export {
  loadScreenModule,
  loadedScreenModule,
  isRemoteUnavailable,
  type ScreenModule,
  type ScreenLoader,
  type ScreenLoaders,
  type ScreenLoaderContext,
  type ScreenLoaderResult,
} from './loadScreenModule';
export { RemoteUnavailable } from '../core/errors';
export { RemoteArea, RemoteErrorHandlerContext, type RemoteAreaProps, type FallbackProps, type RemoteErrorHandler, type RemoteErrorReport } from './RemoteArea';
