import { createHash } from 'node:crypto';
import { ModuleFederation, getInstance } from '@module-federation/enhanced/runtime';
import { LOADERS_MODULE, remoteOf, type ModuleId } from '@usedcars/shared-contract';
import ssrPublicPath from '../ssr-public-path';
import { entryOf } from '../core/entry';
import { RemoteUnavailable, reasonOf } from '../core/errors';
import { parseManifest, type PublishedManifest } from '../core/manifest';
import { isolatedServerEntry } from './isolatedEntry';
import { forgetLoadedEntry } from './runtimeGlobals';
import { serverSharingProblems } from './serverSharing';

type SharedPackages = ConstructorParameters<typeof ModuleFederation>[0]['shared'];

export interface RemoteBuild {
  remote: string;
  manifestUrl: string;
  manifest: PublishedManifest;
  /** A new publish names new hashed files, so a new version. */
  version: string;
}

export interface RemoteServersOptions {
  /** Loaded as soon as a new build is seen, so the first page that needs one does not wait. */
  warm?: (remote: string) => readonly string[];
  manifestTimeoutMs?: number;
  /** Meanwhile each request is rendered without it. */
  retryAfterMs?: number;
  loadTimeoutMs?: number;
  /** The one used longest ago is let go first. */
  maxBuilds?: number;
  idleMs?: number;
  shared?: () => SharedPackages;
  fetch?: typeof fetch;
  now?: () => number;
}

interface LoadedBuild {
  remote: string;
  entry: string;
  instance: ModuleFederation;
  usedAt: number;
  /** Settles once the modules its first pages need are loaded (or failed to). */
  warmed: Promise<void>;
  failure?: { at: number; reason: string };
}

/** The remotes' server builds, a federation instance per build (docs/architecture.md, "Two builds of one remote"). */
export class RemoteServers {
  private readonly builds = new Map<string, LoadedBuild>();
  private readonly manifestsInFlight = new Map<string, Promise<{ manifest: PublishedManifest; text: string }>>();
  private readonly manifestTimeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly loadTimeoutMs: number;
  private readonly maxBuilds: number;
  private readonly idleMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly warm: (remote: string) => readonly string[];
  private readonly shared: () => SharedPackages;

  constructor(options: RemoteServersOptions = {}) {
    this.warm = options.warm ?? (() => []);
    this.manifestTimeoutMs = options.manifestTimeoutMs ?? 2_000;
    this.retryAfterMs = options.retryAfterMs ?? 10_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
    this.maxBuilds = options.maxBuilds ?? 12;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.shared = options.shared ?? (() => getInstance()?.options.shared as SharedPackages);
  }

  async current(remote: string, manifestUrl: string): Promise<RemoteBuild> {
    let pending = this.manifestsInFlight.get(manifestUrl);
    if (!pending) {
      pending = this.readManifest(remote, manifestUrl).finally(() => this.manifestsInFlight.delete(manifestUrl));
      this.manifestsInFlight.set(manifestUrl, pending);
    }
    const { manifest, text } = await pending;
    return { remote, manifestUrl, manifest, version: createHash('sha256').update(manifestUrl).update(text).digest('hex').slice(0, 16) };
  }

  get loadedBuilds(): number {
    return this.builds.size;
  }

  private async readManifest(remote: string, manifestUrl: string): Promise<{ manifest: PublishedManifest; text: string }> {
    let response: Response;
    try {
      response = await this.fetch(manifestUrl, { signal: AbortSignal.timeout(this.manifestTimeoutMs) });
    } catch (error) {
      throw new RemoteUnavailable(remote, `its manifest ${manifestUrl} could not be fetched`, { cause: error });
    }
    if (!response.ok) throw new RemoteUnavailable(remote, `its manifest ${manifestUrl} responded ${response.status}`);
    const text = await response.text();
    try {
      return { manifest: parseManifest(manifestUrl, text), text };
    } catch (error) {
      throw new RemoteUnavailable(remote, `its manifest ${manifestUrl} is not a federation manifest`, { cause: error });
    }
  }

  /** One that failed lately is refused at once, costing a page no time. */
  private use(build: RemoteBuild): LoadedBuild {
    const now = this.now();
    const cached = this.builds.get(build.version);
    if (cached?.failure && now - cached.failure.at < this.retryAfterMs) {
      throw new RemoteUnavailable(build.remote, `its server build failed ${Math.round((now - cached.failure.at) / 1000)} s ago (${cached.failure.reason})`);
    }
    if (cached && !cached.failure) {
      cached.usedAt = now;
      return cached;
    }
    if (cached) this.letGo(build.version, cached);
    const problems = serverSharingProblems(build.manifest);
    if (problems.length > 0) throw new RemoteUnavailable(build.remote, `its server build cannot run on this server: ${problems.join('; ')}`);
    if (!build.manifest.metaData.ssrRemoteEntry?.name) throw new RemoteUnavailable(build.remote, 'it was published without a server build');
    // The version in the address: the runtime keys the entries it loaded by name and address.
    const entry = `${entryOf(build.manifestUrl, build.manifest, 'server').entry}?v=${build.version}`;
    const instance = new ModuleFederation({
      name: 'usedcars_render',
      // One id for every build's host instance: the runtime keeps one share scope per id in a global.
      id: 'usedcars_render',
      remotes: [{ name: build.remote, entry, type: 'commonjs-module', entryGlobalName: `${build.remote}@${build.version}` }],
      shared: this.shared(),
      shareStrategy: 'version-first',
      plugins: [ssrPublicPath(), isolatedServerEntry(this.fetch, this.loadTimeoutMs)],
    });
    // Failures are the page's to report (load() below); here they would only be noise.
    const warmed = Promise.all(this.warm(build.remote).map((id) => instance.loadRemote(id).catch(() => undefined))).then(() => undefined);
    const loaded: LoadedBuild = { remote: build.remote, entry, instance, usedAt: now, warmed };
    this.builds.set(build.version, loaded);
    this.letGoOfUnused();
    return loaded;
  }

  /** A render holding a build keeps its modules. */
  private letGoOfUnused(): void {
    const now = this.now();
    for (const [version, build] of this.builds) if (now - build.usedAt > this.idleMs) this.letGo(version, build);
    const byUse = [...this.builds].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [version, build] of byUse.slice(0, Math.max(0, byUse.length - this.maxBuilds))) this.letGo(version, build);
  }

  private letGo(version: string, build: LoadedBuild): void {
    this.builds.delete(version);
    forgetLoadedEntry(build.remote, build.entry);
  }

  /**
   * Loads each build's server half and the modules its first pages need; settles when they are
   * loaded (or failed to), or after `withinMs`, whichever comes first: a render server switches
   * to a new release only then, so no visitor's page waits for a cold build (docs/releases.md,
   * "The verdict").
   */
  async prepare(remotes: Partial<Record<string, string>> | ReadonlyArray<readonly [string, string]>, withinMs = this.loadTimeoutMs): Promise<void> {
    const entries = Array.isArray(remotes) ? (remotes as ReadonlyArray<readonly [string, string]>) : Object.entries(remotes);
    let timer: NodeJS.Timeout | undefined;
    const warming = Promise.all(
      entries.map(async ([remote, manifestUrl]) => {
        if (!manifestUrl || this.warm(remote).length === 0) return;
        try {
          await this.use(await this.current(remote, manifestUrl)).warmed;
        } catch {
          // Not there yet (started before the remotes): the first page that needs it tries again.
        }
      }),
    );
    await Promise.race([warming, new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)))]).finally(() => clearTimeout(timer));
  }

  async load(id: string, build: RemoteBuild): Promise<unknown> {
    if (remoteOf(id as ModuleId) !== build.remote) throw new Error(`${id} is not a module of ${build.remote}`);
    const loaded = this.use(build);
    let timer: NodeJS.Timeout | undefined;
    try {
      const module = await Promise.race([
        loaded.instance.loadRemote<{ default?: unknown }>(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no response within ${this.loadTimeoutMs} ms`)), this.loadTimeoutMs);
        }),
      ]);
      if (!module || typeof module !== 'object') throw new Error(`${id} returned nothing`);
      const isScreen = id !== `${build.remote}/${LOADERS_MODULE}`;
      if (isScreen && typeof module.default !== 'function' && typeof module.default !== 'object') throw new Error(`${id} has no component`);
      return module;
    } catch (error) {
      const reason = reasonOf(error);
      if (this.builds.get(build.version) === loaded) loaded.failure = { at: this.now(), reason };
      throw new RemoteUnavailable(build.remote, `its server build could not be loaded (${reason})`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
