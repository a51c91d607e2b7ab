import type { SharedRequirement } from '@usedcars/shared-page/sharing';
import type { RemoteManifest } from '../federation/remotes';

/** The parts of a federation manifest (mf-manifest.json) the render server reads. */
export interface FileList {
  sync?: string[];
  async?: string[];
}

export interface PublishedManifest {
  metaData: NonNullable<RemoteManifest['metaData']> & {
    /** Added by tooling/webpack.cjs: where the remote's server build sits beside its browser build. */
    ssrRemoteEntry?: { name: string; path?: string; type?: string };
  };
  shared?: Array<Partial<SharedRequirement> & { name: string; assets?: { js?: FileList } }>;
  exposes?: Array<{ name: string; assets?: { js?: FileList } }>;
}

/** A manifest's files are relative to the folder it was published in (publicPath 'auto'). */
export function manifestBase(manifestUrl: string, manifest: PublishedManifest): string {
  const publicPath = manifest.metaData.publicPath;
  return !publicPath || publicPath === 'auto' ? new URL('.', manifestUrl).href : new URL(publicPath, manifestUrl).href;
}

function inFolder(folder: string | undefined, file: string): string {
  return folder ? `${folder.replace(/\/?$/, '/')}${file}` : file;
}

/** The remote's server build, or null for a remote published without one (an older build). */
export function serverEntryOf(manifestUrl: string, manifest: PublishedManifest): string | null {
  const entry = manifest.metaData.ssrRemoteEntry;
  if (!entry?.name) return null;
  return new URL(inFolder(entry.path, entry.name), manifestBase(manifestUrl, manifest)).href;
}

/** The browser's remoteEntry.js. */
export function browserEntryOf(manifestUrl: string, manifest: PublishedManifest): string {
  const entry = manifest.metaData.remoteEntry;
  if (!entry?.name) throw new Error(`${manifestUrl} names no remoteEntry`);
  return new URL(inFolder(entry.path, entry.name), manifestBase(manifestUrl, manifest)).href;
}

/** The scripts an exposed module needs at once, as absolute addresses. */
export function exposedScripts(manifestUrl: string, manifest: PublishedManifest, module: string): string[] {
  const exposed = manifest.exposes?.find((candidate) => candidate.name === module);
  const base = manifestBase(manifestUrl, manifest);
  return (exposed?.assets?.js?.sync ?? []).map((file) => new URL(file, base).href);
}

/** The scripts of the shared packages the shell provides, by package name, as paths on the shell's origin. */
export function sharedScripts(manifest: PublishedManifest, names: readonly string[]): string[] {
  return (manifest.shared ?? [])
    .filter((shared) => names.includes(shared.name))
    .flatMap((shared) => shared.assets?.js?.sync ?? [])
    .map((file) => `/${file}`);
}

/** Only what the page needs to register the remote itself (boot.ts): the rest stays on the server. */
export function forThePage(manifest: PublishedManifest): RemoteManifest {
  const { globalName, publicPath, remoteEntry } = manifest.metaData;
  return { metaData: { globalName, publicPath, remoteEntry } };
}
