import { keptModules, type RemoteRegistry } from '@usedcars/federation';
import { LOADERS_MODULE, loadersOf, remoteOf, type ModuleId, type RemoteName } from '@usedcars/shared-contract';
import { RemoteUnavailable } from '../core/errors';
import { releaseOf } from '../core/manifest';
import type { RemoteBuild, RemoteServers } from './RemoteServers';

/** Each module loaded once for the whole render, data loading and markup alike (docs/architecture.md, "Server rendering"). */
export class RequestRemotes implements RemoteRegistry {
  private readonly builds = new Map<string, Promise<RemoteBuild>>();
  private readonly modules = keptModules((id) => this.loadModule(id));

  constructor(
    private readonly servers: RemoteServers,
    private readonly remotes: Partial<Record<string, string>>,
    private readonly onBuild: (remote: string, release: string) => void = () => undefined,
  ) {}

  build(remote: string): Promise<RemoteBuild> {
    let build = this.builds.get(remote);
    if (!build) {
      const manifestUrl = this.remotes[remote];
      build = manifestUrl
        ? this.servers.current(remote, manifestUrl).then((current) => {
            this.onBuild(remote, releaseOf(current.manifest, manifestUrl, remote));
            return current;
          })
        : Promise.reject(new RemoteUnavailable(remote, 'remotes.json does not name it'));
      this.builds.set(remote, build);
    }
    return build;
  }

  private async loadModule(id: string): Promise<unknown> {
    const build = await this.build(remoteOf(id as ModuleId));
    // Not asked of the build at all: a missing module would count as the whole build failing.
    if (id === loadersOf(build.remote as RemoteName) && !build.manifest.exposes?.some((exposed) => exposed.name === LOADERS_MODULE)) {
      throw new Error(`${build.remote}'s build exposes no loaders (built before its remote did)`);
    }
    return this.servers.load(id, build);
  }

  load(id: string): Promise<unknown> {
    return this.modules.load(id);
  }

  loaded(id: string): unknown {
    return this.modules.loaded(id);
  }

  async register(remote: string): Promise<void> {
    await this.build(remote as RemoteName);
  }

  forget(): void {}
}
