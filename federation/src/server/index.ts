// The render server's side of the federation machinery (shell/src/server).
export { RemoteServers, type RemoteBuild, type RemoteServersOptions } from './RemoteServers';
export { serverSharingProblems } from './serverSharing';
export { connectRequest } from './connectRequest';
export { RequestRemotes } from './requestRemotes';
export { entryOf, exposedScripts, sharedScripts } from '../core/entry';
export { forThePage, parseManifest, registryVersionOf, releaseOf, type PublishedManifest, type RemoteManifest } from '../core/manifest';
export { RemoteUnavailable } from '../core/errors';
