import { dehydrate } from '@tanstack/react-query';
import { flattenScreens, remoteOf, type ModuleId, type RemoteScreen, type Screen, type SessionViewer } from '@usedcars/shared-contract';
import type { ScreenModule } from '@usedcars/federation';
import type { RuntimeConfig } from '@usedcars/federation/config';
import { STARTUP_PACKAGES } from '@usedcars/federation/sharing';
import { createQueryClient } from '@usedcars/shared-ui/appSettings';
import type { BootData } from '@usedcars/federation/boot';
import {
  RemoteUnavailable,
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
import type { RenderedPage } from './page';
import { renderMarkup } from './renderMarkup';
import { match, statusOf } from './routeMatch';

/**
 * Renders one address of the site to HTML (docs/architecture.md, "Server rendering"): the layout
 * always, and the screen itself when the registry marks it server-rendered. The remotes' server
 * builds are loaded from the addresses in remotes.json, as the page loads their browser builds.
 */

/** ...and those of a screen that reads the API (services.tsx). */
const SERVICE_PACKAGES = ['@tanstack/react-query', 'react-hot-toast'];

/** The modules of a remote the server renders with: loaded as soon as a new build of it is seen. */
export function serverRenderedModules(remote: string): ModuleId[] {
  return [
    ...new Set(
      flattenScreens()
        .map(({ screen }) => screen)
        .filter((screen): screen is RemoteScreen => 'module' in screen && screen.serverRendered && remoteOf(screen.module) === remote)
        .map((screen) => screen.module),
    ),
  ];
}

export class NotServerRendered extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotServerRendered';
  }
}

export interface ShellBuild {
  /** The shell's own mf-manifest.json: which files hold each shared package. */
  manifest: PublishedManifest;
  /** The files of the shell's named chunks (tooling's chunk list: bootstrap, page-services, screen-*). */
  chunks: Record<string, string[]>;
}

export interface RenderRequest {
  /** Path and query, as the browser asked for them. */
  url: string;
  config: RuntimeConfig;
  remotes: Partial<Record<string, string>>;
  /** Remotes on their canary for this visitor: their static screens are hydrated, so their code runs and reports (docs/releases.md, "The verdict"). */
  hydrate?: readonly string[];
  signal: AbortSignal;
  /** Told each remote build the render uses, as soon as its manifest is read (the metrics tag pages with its release). */
  onBuild?: (remote: string, release: string) => void;
  /** The visitor's verified session cookie and its account: the page is rendered for them. */
  session?: { cookie: string; viewer: SessionViewer };
}

export interface RenderResult {
  status: number;
  page: RenderedPage;
}

/**
 * The remote screens the server renders for these screens: for a visitor without a session, those
 * up to the first that needs a sign-in (there it renders the login guard's spinner, as the page
 * does before it knows who is signed in).
 */
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

  /**
   * The request's own connection: the server's API client reads its settings (apiUrl for data and
   * pictures), and with a session reads as the visitor through their cookie (GET routes only).
   */
  render(request: RenderRequest): Promise<RenderResult> {
    const cookie = request.session?.cookie;
    const session = cookie ? { accessToken: () => null, refreshAccessToken: async () => null, readCredential: () => `Session ${cookie}` } : undefined;
    return connectRequest({ config: request.config, session }, () => this.renderConnected(request));
  }

  private async renderConnected({ url, config, remotes, hydrate = [], signal, onBuild, session }: RenderRequest): Promise<RenderResult> {
    const { screens, params } = match(url);
    const viewer = session?.viewer ?? null;
    const toRender = remoteScreensToRender(screens, viewer !== null);
    const search = new URL(url, 'http://site.invalid').searchParams;
    const queryClient = createQueryClient();
    // One try: a page waits for nothing on the server (the browser retries what is missing).
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

    /** The builds the page will load itself (a screen it leaves as rendered needs none). */
    const builds = new Map<string, RemoteBuild>();
    const scripts: string[] = [];
    const staticMarkup: ModuleId[] = [];
    /** Each screen's module from the visitor's build, rendered as loaded here. */
    const modules = new Map<ModuleId, ScreenModule<ModuleId>>();
    let notFound = false;
    let gone = false;
    for (const screen of toRender) {
      const remote = remoteOf(screen.module);
      const manifestUrl = remotes[remote];
      if (!manifestUrl) throw new RemoteUnavailable(remote, 'remotes.json does not name it');
      const build = await this.remoteServers.current(remote, manifestUrl);
      onBuild?.(remote, releaseOf(build.manifest, manifestUrl, remote));
      const module = (await this.remoteServers.load(screen.module, build)) as ScreenModule<ModuleId>;
      modules.set(screen.module, module);
      const learnt = await module.prefetch?.({ queryClient, params, props: screen.props, search, viewer, signal });
      notFound ||= learnt?.notFound === true;
      gone ||= learnt?.gone === true;
      if (screen.staticMarkup && !hydrate.includes(remote)) {
        staticMarkup.push(screen.module);
        continue;
      }
      builds.set(remote, build);
      scripts.push(
        entryOf(manifestUrl, build.manifest, 'browser').entry,
        ...exposedScripts(manifestUrl, build.manifest, screen.module.slice(remote.length + 1)),
      );
    }
    // What could not be read is left for the page to fetch: rendered as "loading" on both sides.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    signal.throwIfAborted();

    const rendered = await renderMarkup(url, { queryClient, viewer, modules }, signal);
    const readsApi = screens.some((screen) => screen.readsApi);
    const shellScreens = screens.flatMap((screen) => ('shell' in screen ? (this.shell.chunks[`screen-${screen.shell}`] ?? []) : []));
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
      },
    };
  }
}

/** Each file once, and not the entry script itself: index.html already asks for it. */
function withoutEntry(shell: ShellBuild, list: string[]): string[] {
  const entry = new Set((shell.chunks.main ?? []).map((file) => `/${file}`));
  return [...new Set(list)].filter((file) => !entry.has(file));
}
