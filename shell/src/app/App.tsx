import * as React from 'react';
import * as Router from 'react-router-dom';
import { authStore } from '@usedcars/shared-auth';
import { GlobalStyle, recordSingletons } from '@usedcars/shared-ui';
import { AppRoutes } from './routes';
import { DeferredToaster } from './services';

/**
 * The page's one router and toaster; every remote renders inside them. (The page's one
 * QueryClient comes with the first screen that needs it: services.tsx.)
 */
export function App() {
  // What the shell holds, for the browser suite to compare with what each remote was handed.
  recordSingletons('shell', { React, Router, authStore });
  return (
    <Router.BrowserRouter>
      <GlobalStyle />
      <AppRoutes />
      <DeferredToaster />
    </Router.BrowserRouter>
  );
}
