import type { RemoteManifest } from './manifest';

export type Side = 'browser' | 'server';

export interface EntryAddress {
  entry: string;
  type?: string;
  entryGlobalName?: string;
}

/** A manifest's files are relative to the folder it was published in (publicPath 'auto'), or to its fixed publicPath. */
function manifestBase(manifestUrl: string, manifest: RemoteManifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return !publicPath || publicPath === 'auto' ? new URL('.', manifestUrl).href : new URL(publicPath, manifestUrl).href;
}

function inFolder(folder: string | undefined, file: string): string {
  return folder ? `${folder.replace(/\/?$/, '/')}${file}` : file;
}

/** The entry script for the browser or the render server; throws when the manifest names none (an older build). */
export function entryOf(manifestUrl: string, manifest: RemoteManifest, side: Side): EntryAddress {
  const meta = manifest.metaData;
  const file = side === 'browser' ? meta?.remoteEntry : meta?.ssrRemoteEntry;
  if (!file?.name) throw new Error(`${manifestUrl} names no ${side === 'browser' ? 'remoteEntry' : 'server entry (ssrRemoteEntry)'}`);
  return {
    entry: new URL(inFolder(file.path, file.name), manifestBase(manifestUrl, manifest)).href,
    ...(file.type ? { type: file.type } : {}),
    ...(meta?.globalName ? { entryGlobalName: meta.globalName } : {}),
  };
}

/** The scripts an exposed module needs at once, as absolute addresses. */
export function exposedScripts(manifestUrl: string, manifest: RemoteManifest, module: string): string[] {
  const exposed = manifest.exposes?.find((candidate) => candidate.name === module);
  const base = manifestBase(manifestUrl, manifest);
  return (exposed?.assets?.js?.sync ?? []).map((file) => new URL(file, base).href);
}

/** The scripts of the shared packages a host provides, by package name, as paths on the host's origin. */
export function sharedScripts(manifest: RemoteManifest, names: readonly string[]): string[] {
  return (manifest.shared ?? [])
    .filter((shared) => names.includes(shared.name))
    .flatMap((shared) => shared.assets?.js?.sync ?? [])
    .map((file) => `/${file}`);
}
