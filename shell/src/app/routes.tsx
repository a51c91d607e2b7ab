import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { EXPOSED_MODULES, SCREENS, loadersOf, remoteOf, type Screen, type ShellScreenName } from '@usedcars/shared-contract';
import { RequireAuth, authStore } from '@usedcars/shared-auth';
import { connection, loadScreenModule } from '@usedcars/federation';
import { RemoteComponent } from '@usedcars/shared-ui';
import { ScreenSlots, prerenderAddress, useNavigationEffects } from '../features/navigation';
import { MainLayout } from '../layout/MainLayout';
import { RouteErrorBoundary } from '../features/error/RouteErrorBoundary';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { loadServices, WithServices } from './services';

// The shell's own forms load when visited: a first visit to the home page does not need them.
// (They read the API: WithServices' Suspense shows the spinner while they load.)
// Named chunks, so the render server can ask for a form's script in the HTML's head.
const loadLoginPage = () => import(/* webpackChunkName: "screen-LoginPage" */ '../features/auth/LoginPage');
const loadRegisterPage = () => import(/* webpackChunkName: "screen-RegisterPage" */ '../features/auth/RegisterPage');
const SHELL_CODE: Partial<Record<ShellScreenName, () => Promise<unknown>>> = { LoginPage: loadLoginPage, RegisterPage: loadRegisterPage };

const SHELL_SCREENS: Record<ShellScreenName, ComponentType> = {
  LoginPage: lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage }))),
  RegisterPage: lazy(() => loadRegisterPage().then((m) => ({ default: m.RegisterPage }))),
  NotFoundPage,
};

/**
 * One route of the screen registry (shared-contract's SCREENS). A screen that needs sign-in is
 * behind the login guard; one that reads the API renders inside the page's QueryClient and brings
 * the toaster (services.tsx); each screen of the main layout has its own error screen, shown in
 * its area. A layout's wrappers already cover its children, so they are not repeated there.
 */
function screenElement(screen: Screen, inherited: { guarded: boolean; served: boolean; topLevel: boolean }): ReactNode {
  let element: ReactNode;
  if ('module' in screen) {
    // Keyed by module: moving to another screen replaces the area (and any server markup left in
    // it) instead of handing the same instance another module.
    element = <RemoteComponent key={screen.module} id={screen.module} props={screen.props} staticMarkup={screen.staticMarkup} />;
  } else {
    const ShellScreen = SHELL_SCREENS[screen.shell];
    element = <ShellScreen />;
  }
  if (screen.access === 'signedIn' && !inherited.guarded) element = <RequireAuth>{element}</RequireAuth>;
  if (screen.readsApi && !inherited.served) element = <WithServices>{element}</WithServices>;
  if (inherited.topLevel) element = <RouteErrorBoundary>{element}</RouteErrorBoundary>;
  return element;
}

/** What each route carries for the render server, which matches an address against this same table. */
interface ScreenHandle {
  screen: Screen;
}

function toRoute(screen: Screen, inherited = { guarded: false, served: false, topLevel: true }): RouteObject {
  const element = screenElement(screen, inherited);
  const below = { guarded: inherited.guarded || screen.access === 'signedIn', served: inherited.served || screen.readsApi, topLevel: false };
  const children = screen.children?.map((child) => toRoute(child, below));
  const handle: ScreenHandle = { screen };
  if (screen.index) return { index: true, element, handle };
  return { path: screen.path, element, handle, ...(children ? { children } : {}) };
}

/**
 * The route table: every screen of the registry, shown inside the main layout (AppRoutes). Matching
 * is case-insensitive, so /Dashboard and /dashboard/mybuyer reach the same screens as /dashboard and
 * /dashboard/myBuyer.
 *
 * A screen that throws shows an error screen in its own area, inside the layout: under /dashboard
 * the dashboard's, beside its navigation. RemoteComponent's own boundary only stands in for a
 * remote that could not be fetched.
 */
const routes: RouteObject[] = SCREENS.map((screen) => toRoute(screen));

/** The screens an address shows, outermost first, with the route's parameters. */
export function matchesAt(pathname: string): Array<{ screen: Screen; params: Record<string, string | undefined> }> {
  return (matchRoutes(routes, pathname) ?? []).flatMap((m) => {
    const screen = (m.route.handle as ScreenHandle | undefined)?.screen;
    return screen ? [{ screen, params: m.params }] : [];
  });
}

/** The screens an address shows, outermost first. */
export function screensAt(pathname: string): Screen[] {
  return matchesAt(pathname).map((m) => m.screen);
}

/** An address of the route table (the 404 catch-all aside): the router may take a link to it over. */
export function isAppRoute(pathname: string): boolean {
  const leaf = screensAt(pathname).at(-1);
  return !!leaf && !('shell' in leaf && leaf.shell === 'NotFoundPage');
}

/** Fetches the code of the screens an address shows, so a move shows them whole (docs/architecture.md, "Navigation between screens"). */
function prepareScreens(pathname: string): Promise<unknown> {
  const screens = screensAt(pathname);
  const code = screens.map((screen) =>
    'module' in screen ? loadScreenModule(screen.module).then((module) => module.preload?.()) : SHELL_CODE[screen.shell]?.(),
  );
  if (screens.some((screen) => screen.readsApi)) code.push(loadServices());
  return Promise.allSettled(code);
}

/** Starts the data the screens of an address read (their loaders), beside their code, never after it. */
function startScreenData(pathname: string, search: string): Promise<unknown> {
  const matches = matchesAt(pathname);
  if (!matches.some(({ screen }) => screen.readsApi)) return Promise.resolve();
  const remote = matches.flatMap((m) => ('module' in m.screen ? [{ screen: m.screen, params: m.params }] : []));
  // The loaders come with their remote's build: asked for beside the page's cache, not after it.
  const { registry } = connection();
  for (const { screen } of remote) if (screen.readsApi) void registry.load(loadersOf(remoteOf(screen.module))).catch(() => undefined);
  return loadServices()
    .then((services) => services.startScreenData(remote, new URLSearchParams(search)))
    .catch(() => undefined);
}

/**
 * A move: the screens' code and their data start together; the move waits for the code only (the
 * data shows the screen's own skeleton until it arrives).
 */
export function prepareNavigation({ pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  void startScreenData(pathname, search);
  return prepareScreens(pathname);
}

/**
 * The address may be prepared before a click: no screen of it is marked `prefetch: false`, and a
 * screen that needs a sign-in only for a visitor known to be signed in (the login guard would send
 * anyone else to /login; a first visit would otherwise fetch the brand list's code while its
 * session is still being checked).
 */
export function mayPrefetch(pathname: string): boolean {
  const signedIn = authStore.getState().status === 'signedIn';
  return screensAt(pathname).every((screen) => screen.prefetch !== false && (signedIn || screen.access !== 'signedIn'));
}

/**
 * Prefetch on intent: an address's code and data, fetched before the click (docs/architecture.md,
 * "Navigation between screens"); for a link pointed at or focused, the screen is then rendered out of
 * sight, so the click only shows it ("Rendered before the click").
 */
export function prefetchAddress(address: string, { prerender }: { prerender: boolean }): void {
  const { pathname, search } = new URL(address, window.location.origin);
  const ready = Promise.all([prepareScreens(pathname), startScreenData(pathname, search)]);
  if (prerender) void ready.then(() => prerenderAddress(pathname, search));
}

/**
 * Every remote's manifest read and the remote registered, so a first move into it, prefetched or
 * not, starts with its entry and the screen's scripts (docs/architecture.md, "Navigation between screens").
 */
export function registerRemotes(): void {
  const { registry } = connection();
  for (const remote of new Set(EXPOSED_MODULES.map(remoteOf))) void registry.register(remote).catch(() => undefined);
}

/** The main layout and, in it, the route table's screens for the address on show (inside the page's router). */
export function AppRoutes() {
  useNavigationEffects(isAppRoute);
  return (
    <RouteErrorBoundary>
      <MainLayout>
        <ScreenSlots routes={routes} />
      </MainLayout>
    </RouteErrorBoundary>
  );
}
