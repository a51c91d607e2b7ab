import { dehydrate } from '@tanstack/react-query';
import {
  flattenScreens,
  loadersOf,
  parseModuleId,
  type ModuleId,
  type RemoteName,
  type RemoteScreen,
  type Screen,
  type SessionViewer,
} from '@usedcars/shared-contract';
import { runScreenLoader } from '@usedcars/federation/loaders';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { STARTUP_PACKAGES } from '@usedcars/federation/sharing';
import { createQueryClient } from '@usedcars/shared-ui/appSettings';
import type { BootData } from '@usedcars/federation/boot';
import {
  RequestRemotes,
  connectRequest,
  entryOf,
  exposedScripts,
  forThePage,
  releaseOf,
  sharedScripts,
  type PublishedManifest,
  type RemoteBuild,
  type RemoteServers,
} from '@usedcars/federation/server';
import type { PagePreview } from '../../features/preview/pagePreview';
import type { RenderedPage } from './page';
import { renderMarkup } from './renderMarkup';
import { match, statusOf } from './routeMatch';
import { inSpan } from '../observability/tracing';

// docs/architecture.md, "Server rendering".

/** The shared packages a screen that reads the API needs too (services.tsx). */
const SERVICE_PACKAGES = ['@tanstack/react-query', 'react-hot-toast'];

/** Loaded as soon as a new build of the remote is seen. */
export function serverRenderedModules(remote: string): string[] {
  const modules = flattenScreens()
    .map(({ screen }) => screen)
    .filter((screen): screen is RemoteScreen => 'module' in screen && screen.serverRendered && parseModuleId(screen.module).remote === remote)
    .map((screen): string => screen.module);
  return modules.length > 0 ? [...new Set(modules), loadersOf(remote as RemoteName)] : [];
}

export class NotServerRendered extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotServerRendered';
  }
}

export interface ShellBuild {
  manifest: PublishedManifest;
  chunks: Record<string, string[]>;
}

export interface RenderRequest {
  url: string;
  config: RuntimeConfig;
  remotes: Partial<Record<string, string>>;
  /** Remotes on their canary for this visitor: their static screens are hydrated, so their code runs and reports (docs/releases.md, "The verdict"). */
  hydrate?: readonly string[];
  signal: AbortSignal;
  onBuild?: (remote: string, release: string) => void;
  session?: { cookie: string; viewer: SessionViewer };
  /** What the visitor previews: the layout's bar says so (docs/releases.md, "Previews"). */
  preview?: PagePreview | null;
}

export interface RenderResult {
  status: number;
  page: RenderedPage;
}

/** Signed out, up to the first that needs a sign-in: there the guard's sign-in form, as the page shows. */
function remoteScreensToRender(screens: Screen[], signedIn: boolean): RemoteScreen[] {
  const rendered: RemoteScreen[] = [];
  for (const screen of screens) {
    if (screen.access === 'signedIn' && !signedIn) break;
    if (!screen.serverRendered) throw new NotServerRendered(`${'module' in screen ? screen.module : screen.shell} is rendered in the browser only`);
    if ('module' in screen) rendered.push(screen);
  }
  return rendered;
}

export class Renderer {
  constructor(
    private readonly shell: ShellBuild,
    private readonly remoteServers: RemoteServers,
  ) {}

  render(request: RenderRequest): Promise<RenderResult> {
    const cookie = request.session?.cookie;
    const session = cookie ? { accessToken: () => null, refreshAccessToken: async () => null, readCredential: () => `Session ${cookie}` } : undefined;
    const registry = new RequestRemotes(this.remoteServers, request.remotes, request.onBuild);
    return inSpan('render', { 'url.path': request.url }, () =>
      connectRequest({ config: request.config, session, registry }, () => this.renderConnected(request, registry)),
    );
  }

  private async renderConnected(
    { url, config, remotes, hydrate = [], signal, session, preview = null }: RenderRequest,
    registry: RequestRemotes,
  ): Promise<RenderResult> {
    const { screens, params } = match(url);
    const viewer = session?.viewer ?? null;
    const toRender = remoteScreensToRender(screens, viewer !== null);
    const search = new URL(url, 'http://site.invalid').searchParams;
    const queryClient = createQueryClient();
    // One try: a page waits for nothing on the server (the browser retries what is missing).
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

    const builds = new Map<string, RemoteBuild>();
    const scripts: string[] = [];
    const staticMarkup: ModuleId[] = [];
    let notFound = false;
    let gone = false;
    for (const screen of toRender) {
      const { remote, module: exposed } = parseModuleId(screen.module);
      const build = await registry.build(remote);
      const named = { 'usedcars.module': screen.module, 'usedcars.remote': remote, 'usedcars.release': releaseOf(build.manifest, build.manifestUrl, remote) };
      // The screen's code and its data side by side; the render finds the module loaded (the registry keeps it).
      const [, learnt] = await inSpan(`screen ${screen.module}`, named, () =>
        Promise.all([
          inSpan(`load ${screen.module}`, named, () => registry.load(screen.module)),
          screen.readsApi
            ? inSpan(`loader ${screen.module}`, named, () => runScreenLoader(screen, { queryClient, params, search, viewer, signal }))
            : undefined,
        ]),
      );
      notFound ||= learnt?.notFound === true;
      gone ||= learnt?.gone === true;
      if (screen.staticMarkup && !hydrate.includes(remote)) {
        staticMarkup.push(screen.module);
        continue;
      }
      builds.set(remote, build);
      scripts.push(entryOf(build.manifestUrl, build.manifest, 'browser').entry, ...exposedScripts(build.manifestUrl, build.manifest, exposed));
    }
    // What could not be read is left for the page to fetch: rendered as "loading" on both sides.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    signal.throwIfAborted();

    const rendered = await inSpan('render markup', { 'url.path': url }, () => renderMarkup(url, { queryClient, viewer, preview }, signal));
    const readsApi = screens.some((screen) => screen.readsApi);
    // For nobody, the login guard renders the sign-in form where a signed-in screen would be.
    const signInHere = !viewer && screens.some((screen) => screen.access === 'signedIn');
    const shellScreens = [...screens.flatMap((screen) => ('shell' in screen ? [screen.shell] : [])), ...(signInHere ? ['LoginPage'] : [])].flatMap(
      (name) => this.shell.chunks[`screen-${name}`] ?? [],
    );
    const boot: BootData = {
      config,
      remotes: Object.fromEntries(Object.entries(remotes).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      manifests: Object.fromEntries([...builds].map(([remote, build]) => [remote, forThePage(build.manifest)])),
      staticMarkup,
      queries: dehydrate(queryClient),
      ...(viewer ? { viewer } : {}),
    };
    return {
      status: notFound ? 404 : gone ? 410 : statusOf(url),
      page: {
        html: rendered.html,
        styles: rendered.hints + rendered.styles,
        title: rendered.head.title,
        preloadImages: rendered.head.preloadImages,
        preloadScripts: withoutEntry(this.shell, [
          ...(this.shell.chunks.bootstrap ?? []).map((file) => `/${file}`),
          ...sharedScripts(this.shell.manifest, STARTUP_PACKAGES),
          ...(readsApi
            ? [...(this.shell.chunks['page-services'] ?? []).map((file) => `/${file}`), ...sharedScripts(this.shell.manifest, SERVICE_PACKAGES)]
            : []),
          ...shellScreens.map((file) => `/${file}`),
          ...scripts,
        ]),
        boot,
        preview,
      },
    };
  }
}

/** Not the entry script: index.html already asks for it. */
function withoutEntry(shell: ShellBuild, list: string[]): string[] {
  const entry = new Set((shell.chunks.main ?? []).map((file) => `/${file}`));
  return [...new Set(list)].filter((file) => !entry.has(file));
}
