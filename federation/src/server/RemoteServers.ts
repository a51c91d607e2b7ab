import { createHash } from 'node:crypto';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteOf, type ModuleId } from '@usedcars/shared-contract';
import { loadScreenModule, type ScreenModule } from '@usedcars/federation';
import { entryOf } from '../core/entry';
import { RemoteUnavailable, reasonOf } from '../core/errors';
import { parseManifest, type PublishedManifest } from '../core/manifest';
import { serverSharingProblems } from './serverSharing';

export interface RemoteBuild {
  remote: string;
  manifestUrl: string;
  manifest: PublishedManifest;
  /** Fingerprint of the manifest: a new publish names new hashed files, so a new version. */
  version: string;
}

type State = { entry: string; status: 'loading' | 'ready' } | { entry: string; status: 'failed'; failedAt: number; reason: string };

export interface RemoteServersOptions {
  /**
   * The modules to load as soon as a new build is seen, so the first page that needs one does
   * not wait for it to arrive (pages of one remote ask for different modules).
   */
  warm?: (remote: string) => readonly ModuleId[];
  /** How long a manifest may take to arrive. */
  manifestTimeoutMs?: number;
  /** A build that failed to load is not tried again before this long (each request is rendered without it meanwhile). */
  retryAfterMs?: number;
  /** How long loading a remote's server build may take before it counts as failed. */
  loadTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Which build of each remote the render server renders with (docs/architecture.md, "Server
 * rendering"). Every request reads the remote's manifest afresh, so a new publish is rendered by
 * its new server build on the next request: the runtime is pointed at an entry address that names
 * the version, and `force` drops the old build's module cache, global and runtime instance.
 */
export class RemoteServers {
  private readonly states = new Map<string, State & { version: string; attempt: number }>();
  private readonly manifestsInFlight = new Map<string, Promise<{ manifest: PublishedManifest; text: string }>>();
  private readonly manifestTimeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly loadTimeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly warm: (remote: string) => readonly ModuleId[];

  constructor(options: RemoteServersOptions = {}) {
    this.warm = options.warm ?? (() => []);
    this.manifestTimeoutMs = options.manifestTimeoutMs ?? 2_000;
    this.retryAfterMs = options.retryAfterMs ?? 10_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  /** The remote's manifest as published now (concurrent requests share one fetch). */
  async current(remote: string, manifestUrl: string): Promise<RemoteBuild> {
    let pending = this.manifestsInFlight.get(manifestUrl);
    if (!pending) {
      pending = this.readManifest(remote, manifestUrl).finally(() => this.manifestsInFlight.delete(manifestUrl));
      this.manifestsInFlight.set(manifestUrl, pending);
    }
    const { manifest, text } = await pending;
    return { remote, manifestUrl, manifest, version: createHash('sha256').update(manifestUrl).update(text).digest('hex').slice(0, 16) };
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

  /**
   * Points the federation runtime at this build's server entry, unless it already is. A build
   * that failed lately is refused at once, so a remote that is down costs a page no time.
   */
  private use(build: RemoteBuild): void {
    const state = this.states.get(build.remote);
    if (state?.version === build.version) {
      if (state.status !== 'failed') return;
      if (this.now() - state.failedAt < this.retryAfterMs) {
        throw new RemoteUnavailable(build.remote, `its server build failed ${Math.round((this.now() - state.failedAt) / 1000)} s ago (${state.reason})`);
      }
    }
    const problems = serverSharingProblems(build.manifest);
    if (problems.length > 0) throw new RemoteUnavailable(build.remote, `its server build cannot run on this server: ${problems.join('; ')}`);
    if (!build.manifest.metaData.ssrRemoteEntry?.name) throw new RemoteUnavailable(build.remote, 'it was published without a server build');
    const base = entryOf(build.manifestUrl, build.manifest, 'server').entry;
    const attempt = state?.version === build.version ? state.attempt + 1 : 1;
    // The version (and the attempt, after a failure) in the address: the runtime keys what it
    // loaded, and what it is still loading, by the entry's address.
    const entry = `${base}?v=${build.version}${attempt > 1 ? `&attempt=${attempt}` : ''}`;
    registerRemotes([{ name: build.remote, entry, type: 'commonjs-module', entryGlobalName: build.remote }], { force: true });
    this.states.set(build.remote, { entry, status: 'loading', version: build.version, attempt });
    for (const id of this.warm(build.remote)) {
      // Failures are the page's to report (load() below); here they would only be noise.
      loadScreenModule(id).catch(() => undefined);
    }
  }

  /** Loads the builds remotes.json names now, ahead of the first page (the server has just started). */
  async prepare(remotes: Partial<Record<string, string>>): Promise<void> {
    await Promise.all(
      Object.entries(remotes).map(async ([remote, manifestUrl]) => {
        if (!manifestUrl || this.warm(remote).length === 0) return;
        try {
          this.use(await this.current(remote, manifestUrl));
        } catch {
          // Not there yet (started before the remotes): the first page that needs it tries again.
        }
      }),
    );
  }

  /** An exposed module from the build published now; fails with RemoteUnavailable when it cannot be had. */
  async load<Id extends ModuleId>(id: Id, build: RemoteBuild): Promise<ScreenModule<Id>> {
    if (remoteOf(id) !== build.remote) throw new Error(`${id} is not a module of ${build.remote}`);
    this.use(build);
    const state = this.states.get(build.remote)!;
    let timer: NodeJS.Timeout | undefined;
    try {
      const screen = await Promise.race([
        loadScreenModule(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no response within ${this.loadTimeoutMs} ms`)), this.loadTimeoutMs);
        }),
      ]);
      if (typeof screen?.default !== 'function' && typeof screen?.default !== 'object') throw new Error(`${id} has no component`);
      if (this.states.get(build.remote) === state) this.states.set(build.remote, { ...state, status: 'ready' });
      return screen;
    } catch (error) {
      const reason = reasonOf(error);
      if (this.states.get(build.remote) === state) {
        this.states.set(build.remote, { entry: state.entry, status: 'failed', failedAt: this.now(), reason, version: state.version, attempt: state.attempt });
      }
      throw new RemoteUnavailable(build.remote, `its server build could not be loaded (${reason})`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
