import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { keptModules, type RemoteRegistry } from '@usedcars/federation';
import { parseModuleId, remoteOf, type ModuleId } from '@usedcars/shared-contract';
import { entryOf, exposedScripts } from '../core/entry';
import { releaseOf, type RemoteManifest } from '../core/manifest';
import { retryable, type Retryable } from '../core/retry';
import { providedVersions, versionCheck } from '../core/versions';

export type { RemoteManifest } from '../core/manifest';

export interface KnownRemotes {
  remotes: Partial<Record<string, string>>;
  manifests: Partial<Record<string, RemoteManifest>>;
}

/** A singleton of another major would break in ways no boundary can contain (docs/sharing-and-releases.md). */
export function refuseIncompatible(name: string, manifest: RemoteManifest, provided: Record<string, string> = providedVersions(getInstance())): void {
  const { findings, refused } = versionCheck(manifest.shared, provided, 'browser');
  for (const finding of findings) {
    if (finding.verdict === 'olderOnPage') console.warn(`[federation] ${name}: ${finding.message}`);
    if (finding.verdict === 'ownCopy') console.info(`[federation] ${name}: ${finding.message}`);
  }
  if (refused.length === 0) return;
  for (const finding of refused) console.error(`[federation] ${name} was not loaded: ${finding.message}`);
  throw new Error(`${name} needs shared packages this page cannot give it: ${refused.map((finding) => finding.message).join('; ')}`);
}

async function readJson<T>(url: string, what: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${what} responded ${response.status}`);
  return (await response.json()) as T;
}

function preloadScript(href: string): void {
  if ([...document.scripts].some((script) => script.src === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

/** Used once: a retry requests the file afresh. */
function once<T>(value: T | undefined): () => T | undefined {
  let kept = value;
  return () => {
    const taken = kept;
    kept = undefined;
    return taken;
  };
}

export interface PageRemotes {
  registry: RemoteRegistry;
  ready: Promise<void>;
}

/** Forgetting a remote forgets a registration that succeeded too: one republished meanwhile is read afresh. */
export function startRemoteRegistry(
  url = '/remotes.json',
  known?: KnownRemotes,
  /** The page's reports are tagged with it. */
  onRegistered: (remote: string, release: string) => void = () => undefined,
): PageRemotes {
  const knownRemotes = once(known?.remotes);
  const knownManifests = new Map(Object.entries(known?.manifests ?? {}).map(([name, manifest]) => [name, once(manifest)]));
  const addresses = retryable(async () => knownRemotes() ?? readJson<Partial<Record<string, string>>>(url, 'remotes.json'));
  const remotes = new Map<string, Retryable<void>>();
  const registered = new Map<string, { manifestUrl: string; manifest: RemoteManifest }>();
  // Only a remote's first module waits for its entry; later ones are requested as soon as they are asked for.
  const preloaded = new Set<string>();
  const remote = (name: string) => {
    let entry = remotes.get(name);
    if (!entry) {
      entry = retryable(async () => {
        const manifestUrl = (await addresses.get())[name];
        if (typeof manifestUrl !== 'string') throw new Error(`remotes.json names no ${name}`);
        const manifest = knownManifests.get(name)?.() ?? (await readJson<RemoteManifest>(manifestUrl, `${name}'s manifest`));
        refuseIncompatible(name, manifest);
        registerRemotes([{ name, ...entryOf(manifestUrl, manifest, 'browser') }], { force: true });
        registered.set(name, { manifestUrl, manifest });
        onRegistered(name, releaseOf(manifest, manifestUrl, name));
      });
      remotes.set(name, entry);
    }
    return entry;
  };
  /** Beside the entry rather than after it. */
  const preloadScripts = (name: string, id: string) => {
    const known = registered.get(name);
    if (!known || preloaded.has(name)) return;
    preloaded.add(name);
    for (const href of exposedScripts(known.manifestUrl, known.manifest, parseModuleId(id as ModuleId).module)) preloadScript(href);
  };
  const modules = keptModules(async (id) => {
    const name = remoteOf(id);
    await remote(name).get();
    preloadScripts(name, id);
    return loadRemote(id);
  });
  const registry: RemoteRegistry = {
    ...modules,
    register: (name) => remote(name).get(),
    forget(name) {
      modules.forget(name);
      registered.delete(name);
      preloaded.delete(name);
      remote(name).forget();
    },
  };
  return { registry, ready: addresses.get().then(() => undefined) };
}
