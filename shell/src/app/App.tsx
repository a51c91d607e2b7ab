import { useCallback, useEffect, useState, type ReactNode } from 'react';
import * as Router from 'react-router-dom';
import { RemoteErrorHandlerContext, releaseServerMarkup } from '@usedcars/federation';
import { GlobalStyle } from '@usedcars/shared-ui';
import {
  NavigationProgress,
  NavigationStoresContext,
  PageRouter,
  createNavigationStores,
  installPrefetchOnIntent,
  prefetchWhenIdle,
} from '../features/navigation';
import { AppRoutes, isAppRoute, mayPrefetch, prefetchAddress, prepareNavigation, registerRemotes } from './routes';
import { DeferredToaster, PageServicesContext, type PageServices } from './services';
import { PreviewContext } from '../features/preview/PreviewContext';
import { readPagePreview } from '../features/preview/pagePreview';
import type { PageTelemetry } from './telemetry';

/** Tells the page's telemetry each screen shown; a wrapper, not a sibling, so the tree hydrates as the server rendered it. */
function ScreenViews({ viewed, children }: { viewed: (pathname: string) => void; children: ReactNode }) {
  const { pathname } = Router.useLocation();
  useEffect(() => viewed(pathname), [viewed, pathname]);
  return children;
}

/**
 * Everything inside the page's router: the route table and the one toaster; every remote renders
 * inside them. (The page's one QueryClient comes with the first screen that needs it, from the
 * PageServices above: services.tsx.) The browser puts it in the page's router (PageRouter), the render server in a StaticRouter;
 * the two trees must be alike for the page to hydrate the server's HTML.
 */
export function AppContent() {
  return (
    <>
      <GlobalStyle />
      <AppRoutes />
      <PageOverlays />
    </>
  );
}

/** What floats over the page, none of it rendered by the server: one child, so the tree above keeps the shape useId's ids come from. */
function PageOverlays() {
  return (
    <>
      <DeferredToaster />
      <NavigationProgress />
    </>
  );
}

/** `services`: the page's, created by its start (startPage.tsx) with the responses the server rendered. */
export function App({ services, telemetry }: { services: PageServices; telemetry?: PageTelemetry }) {
  // The server's first screen is in place: the same screen reached later is rendered as usual.
  useEffect(releaseServerMarkup, []);
  // The page's moves and the screen rendered ahead: one set per page, handed down.
  const [navigation] = useState(createNavigationStores);
  useEffect(
    () => installPrefetchOnIntent({ isAppRoute, mayPrefetch }, (address, how) => prefetchAddress(address, how, services, navigation.prerender)),
    [services, navigation],
  );
  useEffect(() => prefetchWhenIdle(registerRemotes), []);
  // What the render server said the page previews, read once: the bar hydrates as it was rendered.
  const [preview] = useState(readPagePreview);
  const prepare = useCallback((location: { pathname: string; search: string }) => prepareNavigation(location, services), [services]);
  return (
    <RemoteErrorHandlerContext.Provider value={telemetry?.onRemoteError}>
      <PreviewContext.Provider value={preview}>
        <PageServicesContext.Provider value={services}>
          <NavigationStoresContext.Provider value={navigation}>
            <PageRouter prepare={prepare} pending={navigation.pending}>
              {telemetry ? (
                <ScreenViews viewed={telemetry.viewed}>
                  <AppContent />
                </ScreenViews>
              ) : (
                <AppContent />
              )}
            </PageRouter>
          </NavigationStoresContext.Provider>
        </PageServicesContext.Provider>
      </PreviewContext.Provider>
    </RemoteErrorHandlerContext.Provider>
  );
}
