import type { SharedRequirement } from '@usedcars/federation/sharing';

/** A manifest's file lists for one module or shared package. */
export interface FileList {
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

/** Only what the page needs to register the remote itself: the rest stays on the server. */
export function forThePage(manifest: RemoteManifest): RemoteManifest {
  const { globalName, publicPath, remoteEntry } = manifest.metaData ?? {};
  return { metaData: { globalName, publicPath, remoteEntry } };
}
