import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { SCREENS, type Screen, type ShellScreenName } from '@usedcars/shared-contract';
import { RequireAuth } from '@usedcars/shared-auth';
import { RemoteComponent } from '@usedcars/shared-ui';
import { MainLayout } from '../layout/MainLayout';
import { RouteErrorBoundary } from '../features/error/RouteErrorBoundary';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { WithServices } from './services';

// The shell's own forms load when visited: a first visit to the home page does not need them.
// (They read the API: WithServices' Suspense shows the spinner while they load.)
const SHELL_SCREENS: Record<ShellScreenName, ComponentType> = {
  // Named chunks, so the render server can ask for a form's script in the HTML's head.
  LoginPage: lazy(() => import(/* webpackChunkName: "screen-LoginPage" */ '../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }))),
  RegisterPage: lazy(() => import(/* webpackChunkName: "screen-RegisterPage" */ '../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage }))),
  NotFoundPage,
};

/**
 * One route of the screen registry (shared-contract's SCREENS). A screen that needs sign-in is
 * behind the login guard; one that reads the API renders inside the page's QueryClient and brings
 * the toaster (services.tsx); a layout with its own error screen catches its screens' failures.
 * A layout's wrappers already cover its children, so they are not repeated there.
 */
function screenElement(screen: Screen, inherited: { guarded: boolean; served: boolean }): ReactNode {
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
  if (screen.ownErrorScreen) element = <RouteErrorBoundary>{element}</RouteErrorBoundary>;
  return element;
}

/** What each route carries for the render server, which matches an address against this same table. */
export interface ScreenHandle {
  screen: Screen;
}

function toRoute(screen: Screen, inherited = { guarded: false, served: false }): RouteObject {
  const element = screenElement(screen, inherited);
  const below = { guarded: inherited.guarded || screen.access === 'signedIn', served: inherited.served || screen.readsApi };
  const children = screen.children?.map((child) => toRoute(child, below));
  const handle: ScreenHandle = { screen };
  if (screen.index) return { index: true, element, handle };
  return { path: screen.path, element, handle, ...(children ? { children } : {}) };
}

/**
 * The route table: the main layout around every screen of the registry. Matching is
 * case-insensitive, so /Dashboard and /dashboard/mybuyer reach the same screens as /dashboard and
 * /dashboard/myBuyer.
 *
 * A screen that throws shows an error screen: under /dashboard the dashboard route's, beside the
 * navbar; elsewhere the main layout's, in place of the layout. RemoteComponent's own boundary only
 * stands in for a remote that could not be fetched.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <MainLayout />
      </RouteErrorBoundary>
    ),
    children: SCREENS.map((screen) => toRoute(screen)),
  },
];

/** The route table, rendered for the current address (inside the page's router). */
export function AppRoutes() {
  return useRoutes(routes);
}
