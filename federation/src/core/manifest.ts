import type { SharedRequirement } from '@usedcars/federation/sharing';
import { registryVersionOf } from '@usedcars/shared-contract/releaseAddress';

// The rule lives with the registry's shapes: the API checks a release's version against it.
export { registryVersionOf };

interface FileList {
  sync?: string[];
  async?: string[];
}

interface EntryFile {
  name?: string;
  path?: string;
  type?: string;
}

export interface RemoteManifest {
  shared?: Array<SharedRequirement & { assets?: { js?: FileList } }>;
  metaData?: {
    globalName?: string;
    publicPath?: string;
    remoteEntry?: EntryFile;
    /** Added by tooling/webpack: where the remote's server build sits beside its browser build. */
    ssrRemoteEntry?: EntryFile;
    buildInfo?: { buildVersion?: string; buildName?: string };
  };
  exposes?: Array<{ name: string; assets?: { js?: FileList } }>;
}

export type PublishedManifest = RemoteManifest & { metaData: NonNullable<RemoteManifest['metaData']> };

export function parseManifest(manifestUrl: string, text: string): PublishedManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${manifestUrl} is not JSON`);
  }
  const manifest = parsed as RemoteManifest | null;
  if (!manifest || typeof manifest !== 'object' || !manifest.metaData || typeof manifest.metaData !== 'object') {
    throw new Error(`${manifestUrl} is not a federation manifest (no metaData)`);
  }
  return manifest as PublishedManifest;
}

export function releaseOf(manifest: RemoteManifest | undefined, manifestUrl?: string, remote?: string): string {
  const registered = registryVersionOf(manifestUrl, remote);
  if (registered) return registered;
  const version = manifest?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && version ? version.slice(0, 64) : 'unknown';
}

export function forThePage(manifest: RemoteManifest): RemoteManifest {
  const { globalName, publicPath, remoteEntry, buildInfo } = manifest.metaData ?? {};
  const release = buildInfo?.buildVersion ? { buildInfo: { buildVersion: buildInfo.buildVersion } } : {};
  return { metaData: { globalName, publicPath, remoteEntry, ...release } };
}
