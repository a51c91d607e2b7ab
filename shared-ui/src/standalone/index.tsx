import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, useRoutes, type RouteObject } from 'react-router-dom';
import { SCREENS, parseModuleId, type ModuleId, type ModuleProps, type RemoteName, type Screen } from '@usedcars/shared-contract';
import { connect, type PageSession } from '@usedcars/federation';
import { loadRuntimeConfig } from '@usedcars/federation/config';
import { runtimeRegistry } from '@usedcars/federation/runtime';
import { GlobalStyle } from '@usedcars/shared-ui';
import { AppToaster, createQueryClient } from '@usedcars/shared-ui/appSettings';

/** A remote's exposed modules, by id: what its standalone page can render. */
export type RemoteModules<R extends RemoteName> = {
  [Id in Extract<ModuleId, `${R}/${string}`>]: ComponentType<ModuleProps<Id>>;
};

function Screens({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The remote's routes, from the screen registry: its own screens where the site has them (a
 * layout keeps its children), and its screens nested under another package's layout lifted to
 * the top, at the same absolute address.
 */
export function standaloneRoutes<R extends RemoteName>(remote: R, modules: RemoteModules<R>, screens: readonly Screen[] = SCREENS): RouteObject[] {
  return screens.flatMap((screen): RouteObject[] => {
    const children = standaloneRoutes(remote, modules, screen.children ?? []);
    if (!('module' in screen) || parseModuleId(screen.module).remote !== remote) return children;
    const Component = (modules as Record<string, ComponentType<object>>)[screen.module];
    if (!Component) return children;
    const element = <Component {...screen.props} />;
    if (screen.index) return [{ index: true, element }];
    return [{ path: screen.path, element, ...(children.length > 0 ? { children } : {}) }];
  });
}

/** Any other address: the remote's own screens, as links (parameters left for the team to fill in). */
function Index({ routes }: { routes: RouteObject[] }) {
  const paths = routes
    .flatMap((route) => [route.path, ...(route.children ?? []).map((child) => child.path)])
    .filter((path): path is string => !!path && path !== '*');
  return (
    <nav aria-label="This remote's screens">
      <ul>
        {paths.map((path) => (
          <li key={path}>
            <Link to={path.replace(/:(\w+)/g, '<$1>')}>{path}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in session the standalone page connects to: shared-auth's, handed in by the remote. */
export interface StandaloneIdentity {
  session: PageSession;
  startIdentity: () => Promise<void>;
}

/**
 * A remote's own page for its team's development (`npm run dev -w mf-catalog`): its screens, as
 * the screen registry places them, with the same providers the shell gives them, without the shell.
 */
export async function renderStandalone<R extends RemoteName>(remote: R, modules: RemoteModules<R>, identity: StandaloneIdentity): Promise<void> {
  connect({ config: await loadRuntimeConfig(), session: identity.session, registry: runtimeRegistry() });
  void identity.startIdentity();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const queryClient = createQueryClient();
  const routes = standaloneRoutes(remote, modules);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <GlobalStyle />
        <BrowserRouter>
          <Screens routes={[...routes, { path: '*', element: <Index routes={routes} /> }]} />
        </BrowserRouter>
        <AppToaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
