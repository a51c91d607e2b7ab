import type { SharedRequirement } from '@usedcars/federation/sharing';
import { registryVersionOf } from '@usedcars/shared-contract/releaseAddress';

// The rule lives with the registry's shapes: the API checks a release's version against it.
export { registryVersionOf };

/** A manifest's file lists for one module or shared package. */
interface FileList {
  sync?: string[];
  async?: string[];
}

interface EntryFile {
  name?: string;
  path?: string;
  type?: string;
}

/** The parts of a remote's mf-manifest.json the page and the render server read. */
export interface RemoteManifest {
  /** The packages the build shares, with the version it was made with and the range it accepts. */
  shared?: Array<SharedRequirement & { assets?: { js?: FileList } }>;
  metaData?: {
    globalName?: string;
    publicPath?: string;
    remoteEntry?: EntryFile;
    /** Added by tooling/webpack: where the remote's server build sits beside its browser build. */
    ssrRemoteEntry?: EntryFile;
    /** buildVersion: the release this build is, as the health numbers name it (docs/releases.md). */
    buildInfo?: { buildVersion?: string; buildName?: string };
  };
  exposes?: Array<{ name: string; assets?: { js?: FileList } }>;
}

/** A manifest that has its metaData (what every published build carries). */
export type PublishedManifest = RemoteManifest & { metaData: NonNullable<RemoteManifest['metaData']> };

/** The manifest in a response's text, or an error naming its address. */
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

/** The release a build is: the registry's version for a release's address, else its manifest's (or `unknown`). */
export function releaseOf(manifest: RemoteManifest | undefined, manifestUrl?: string, remote?: string): string {
  const registered = registryVersionOf(manifestUrl, remote);
  if (registered) return registered;
  const version = manifest?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && version ? version.slice(0, 64) : 'unknown';
}

/** Only what the page needs to register the remote itself, and the release it reports under: the rest stays on the server. */
export function forThePage(manifest: RemoteManifest): RemoteManifest {
  const { globalName, publicPath, remoteEntry, buildInfo } = manifest.metaData ?? {};
  const release = buildInfo?.buildVersion ? { buildInfo: { buildVersion: buildInfo.buildVersion } } : {};
  return { metaData: { globalName, publicPath, remoteEntry, ...release } };
}
