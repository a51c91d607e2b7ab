import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { EXPOSED_MODULES, SCREENS, loadersOf, remoteOf, type Screen, type ShellScreenName } from '@usedcars/shared-contract';
import { RequireAuth, authStore } from '@usedcars/shared-auth';
import { connection, loadScreenModule } from '@usedcars/federation';
import { RemoteComponent } from '@usedcars/shared-ui';
import { ScreenSlots, useNavigationEffects, type Prerender } from '../features/navigation';
import { MainLayout } from '../layout/MainLayout';
import { RouteErrorBoundary } from '../features/error/RouteErrorBoundary';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { WithServices, type PageServices } from './services';

// Named chunks, so the render server can name a form's script in the head.
const loadLoginPage = () => import(/* webpackChunkName: "screen-LoginPage" */ '../features/auth/LoginPage');
const loadRegisterPage = () => import(/* webpackChunkName: "screen-RegisterPage" */ '../features/auth/RegisterPage');
const SHELL_CODE: Partial<Record<ShellScreenName, () => Promise<unknown>>> = { LoginPage: loadLoginPage, RegisterPage: loadRegisterPage };

const SHELL_SCREENS: Record<ShellScreenName, ComponentType> = {
  LoginPage: lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage }))),
  RegisterPage: lazy(() => loadRegisterPage().then((m) => ({ default: m.RegisterPage }))),
  NotFoundPage,
};

/** The login guard's form, on the page the visitor asked for (docs/product.md, "The screens"). */
const SignInHere = lazy(() => loadLoginPage().then((m) => ({ default: m.SignInHere })));

/** A layout's wrappers already cover its children, so they are not repeated there. */
function screenElement(screen: Screen, inherited: { guarded: boolean; served: boolean; topLevel: boolean }): ReactNode {
  let element: ReactNode;
  if ('module' in screen) {
    // Keyed by module: another screen replaces the area and any server markup left in it.
    element = <RemoteComponent key={screen.module} id={screen.module} props={screen.props} staticMarkup={screen.staticMarkup} />;
  } else {
    const ShellScreen = SHELL_SCREENS[screen.shell];
    element = <ShellScreen />;
  }
  if (screen.access === 'signedIn' && !inherited.guarded) element = <RequireAuth signIn={<SignInHere />}>{element}</RequireAuth>;
  if (screen.readsApi && !inherited.served) element = <WithServices>{element}</WithServices>;
  if (inherited.topLevel) element = <RouteErrorBoundary>{element}</RouteErrorBoundary>;
  return element;
}

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

// Matching is case-insensitive: /Dashboard and /dashboard reach the same screens.
const routes: RouteObject[] = SCREENS.map((screen) => toRoute(screen));

export function matchesAt(pathname: string): Array<{ screen: Screen; params: Record<string, string | undefined> }> {
  return (matchRoutes(routes, pathname) ?? []).flatMap((m) => {
    const screen = (m.route.handle as ScreenHandle | undefined)?.screen;
    return screen ? [{ screen, params: m.params }] : [];
  });
}

export function screensAt(pathname: string): Screen[] {
  return matchesAt(pathname).map((m) => m.screen);
}

/** The 404 catch-all aside. */
export function isAppRoute(pathname: string): boolean {
  const leaf = screensAt(pathname).at(-1);
  return !!leaf && !('shell' in leaf && leaf.shell === 'NotFoundPage');
}

function prepareScreens(pathname: string, services: PageServices): Promise<unknown> {
  const screens = screensAt(pathname);
  const code = screens.map((screen) =>
    'module' in screen ? loadScreenModule(screen.module).then((module) => module.preload?.()) : SHELL_CODE[screen.shell]?.(),
  );
  if (screens.some((screen) => screen.readsApi)) code.push(services.load());
  return Promise.allSettled(code);
}

function startScreenData(pathname: string, search: string, services: PageServices): Promise<unknown> {
  const matches = matchesAt(pathname);
  if (!matches.some(({ screen }) => screen.readsApi)) return Promise.resolve();
  const remote = matches.flatMap((m) => ('module' in m.screen ? [{ screen: m.screen, params: m.params }] : []));
  // The loaders come with their remote's build: asked for beside the page's cache, not after it.
  const { registry } = connection();
  for (const { screen } of remote) if (screen.readsApi) void registry.load(loadersOf(remoteOf(screen.module))).catch(() => undefined);
  return services
    .load()
    .then((loaded) => loaded.startScreenData(remote, new URLSearchParams(search)))
    .catch(() => undefined);
}

/** Waits for the code only: missing data shows the screen's own skeleton. */
export function prepareNavigation({ pathname, search }: { pathname: string; search: string }, services: PageServices): Promise<unknown> {
  void startScreenData(pathname, search, services);
  return prepareScreens(pathname, services);
}

/** A signed-in screen only for a visitor known to be signed in: the guard sends anyone else to /login. */
export function mayPrefetch(pathname: string): boolean {
  const signedIn = authStore.getState().status === 'signedIn';
  return screensAt(pathname).every((screen) => screen.prefetch !== false && (signedIn || screen.access !== 'signedIn'));
}

/** docs/architecture.md, "Navigation between screens". */
export function prefetchAddress(address: string, { prerender }: { prerender: boolean }, services: PageServices, ahead: Prerender): void {
  const { pathname, search } = new URL(address, window.location.origin);
  const ready = Promise.all([prepareScreens(pathname, services), startScreenData(pathname, search, services)]);
  if (prerender) void ready.then(() => ahead.address(pathname, search));
}

/** So a first navigation into a remote, prefetched or not, starts with its entry and scripts. */
export function registerRemotes(): void {
  const { registry } = connection();
  for (const remote of new Set(EXPOSED_MODULES.map(remoteOf))) void registry.register(remote).catch(() => undefined);
}

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
