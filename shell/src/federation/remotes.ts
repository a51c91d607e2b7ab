import { registerRemotes } from '@module-federation/enhanced/runtime';
import { providedVersions } from './providedVersions';
import { setRemoteRegistry } from '@usedcars/shared-page';
import { blocking, judgeAll, type SharedRequirement } from '@usedcars/shared-page/sharing';

/** The part of a remote's mf-manifest.json that says where its remoteEntry.js is. */
export interface RemoteManifest {
  /** The packages the build shares, with the version it was made with and the range it accepts. */
  shared?: SharedRequirement[];
  metaData?: {
    globalName?: string;
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: string };
  };
}

/** What the render server already read for this page (boot.ts): no need to fetch it again. */
export interface KnownRemotes {
  remotes: Partial<Record<string, string>>;
  manifests: Partial<Record<string, RemoteManifest>>;
}

/**
 * Where a remote's entry script is, from its manifest. The federation runtime could read the
 * manifest itself, but only with its snapshot machinery, which the build leaves out
 * (`disableSnapshot`, tooling/webpack.cjs) to keep the home page's JavaScript small; this is
 * the one thing the shell needed from it. publicPath 'auto' (how every remote here is built)
 * means "the folder the manifest was found in", so a remote can be published anywhere.
 */
export function remoteEntryOf(manifestUrl: string, manifest: RemoteManifest): { entry: string; type?: string; entryGlobalName?: string } {
  const meta = manifest.metaData;
  const file = meta?.remoteEntry?.name;
  if (!meta || !file) throw new Error(`${manifestUrl} names no remoteEntry`);
  const base = !meta.publicPath || meta.publicPath === 'auto' ? manifestUrl : new URL(meta.publicPath, manifestUrl).href;
  const folder = meta.remoteEntry?.path ? meta.remoteEntry.path.replace(/\/?$/, '/') : '';
  return {
    entry: new URL(folder + file, base).href,
    ...(meta.remoteEntry?.type ? { type: meta.remoteEntry.type } : {}),
    ...(meta.globalName ? { entryGlobalName: meta.globalName } : {}),
  };
}

/**
 * A remote's shared requirements against the page, before any of its code loads
 * (docs/sharing-and-releases.md). A singleton of another major would be handed the page's copy
 * and break in ways no boundary can contain, so the remote is refused: its area shows the
 * fallback, and the console names the package, the version it needs and the version the page has.
 */
export function checkSharing(name: string, manifest: RemoteManifest, provided: Record<string, string> = providedVersions()): void {
  const findings = judgeAll(manifest.shared ?? [], provided);
  for (const finding of findings) {
    if (finding.verdict === 'olderOnPage') console.warn(`[federation] ${name}: ${finding.message}`);
    if (finding.verdict === 'ownCopy') console.info(`[federation] ${name}: ${finding.message}`);
  }
  const refused = blocking(findings);
  if (refused.length === 0) return;
  for (const finding of refused) console.error(`[federation] ${name} was not loaded: ${finding.message}`);
  throw new Error(`${name} needs shared packages this page cannot give it: ${refused.map((finding) => finding.message).join('; ')}`);
}

async function readJson<T>(url: string, what: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Retryable<T> {
  get(): Promise<T>;
  forget(): void;
}

/** Keeps a promise while it is pending or fulfilled; a rejected one is forgotten, so the next call tries again. */
function retryable<T>(load: () => Promise<T>): Retryable<T> {
  let kept: Promise<T> | undefined;
  return {
    get() {
      kept ??= load().catch((error: unknown) => {
        kept = undefined;
        throw error;
      });
      return kept;
    },
    forget() {
      kept = undefined;
    },
  };
}

/**
 * Reads remotes.json (deploy-time: where each remote's mf-manifest.json lives) at start-up and
 * hands shared-ui the way to register a remote when one of its screens is first shown: its
 * manifest is read then, so nothing of a remote is fetched before its route is visited.
 *
 * Each step is tried again when it failed (remotes.json unreachable for a moment, a remote's
 * server down), which is what a fallback's Try again does; Try again also forgets a remote that
 * did register, so a remote republished meanwhile is read afresh. Without this the page could
 * never recover without a reload.
 */
export function startRemoteRegistry(url = '/remotes.json', known?: KnownRemotes): Promise<void> {
  // What the server drew with is used once; a Try again reads the files afresh.
  let knownRemotes = known?.remotes;
  const knownManifests = new Map(Object.entries(known?.manifests ?? {}));
  const addresses = retryable(async () => {
    const fromServer = knownRemotes;
    knownRemotes = undefined;
    return fromServer ?? readJson<Partial<Record<string, string>>>(url, 'remotes.json');
  });
  const remotes = new Map<string, Retryable<void>>();
  const remote = (name: string) => {
    let entry = remotes.get(name);
    if (!entry) {
      entry = retryable(async () => {
        const manifestUrl = (await addresses.get())[name];
        if (typeof manifestUrl !== 'string') throw new Error(`remotes.json names no ${name}`);
        const fromServer = knownManifests.get(name);
        knownManifests.delete(name);
        const manifest = fromServer ?? (await readJson<RemoteManifest>(manifestUrl, `${name}'s manifest`));
        checkSharing(name, manifest);
        registerRemotes([{ name, ...remoteEntryOf(manifestUrl, manifest) }], { force: true });
      });
      remotes.set(name, entry);
    }
    return entry;
  };
  setRemoteRegistry(
    (name) => remote(name).get(),
    (name) => remote(name).forget(),
  );
  return addresses.get().then(() => undefined);
}
