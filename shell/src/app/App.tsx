import { useEffect } from 'react';
import * as Router from 'react-router-dom';
import { releaseServerMarkup } from '@usedcars/federation';
import { GlobalStyle } from '@usedcars/shared-ui';
import { AppRoutes } from './routes';
import { DeferredToaster } from './services';

/**
 * Everything inside the page's router: the route table and the one toaster; every remote renders
 * inside them. (The page's one QueryClient comes with the first screen that needs it:
 * services.tsx.) The browser puts it in a BrowserRouter, the render server in a StaticRouter;
 * the two trees must be alike for the page to hydrate the server's HTML.
 */
export function AppContent() {
  return (
    <>
      <GlobalStyle />
      <AppRoutes />
      <DeferredToaster />
    </>
  );
}

export function App() {
  // The server's first screen is in place: the same screen reached later is rendered as usual.
  useEffect(releaseServerMarkup, []);
  return (
    <Router.BrowserRouter>
      <AppContent />
    </Router.BrowserRouter>
  );
}
