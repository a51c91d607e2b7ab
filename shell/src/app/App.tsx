import * as React from 'react';
import { useState } from 'react';
import * as Router from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { authStore } from '@usedcars/shared-auth';
import { AppToaster, GlobalStyle, createQueryClient, recordSingletons } from '@usedcars/shared-ui';
import { routes } from './routes';

/** The page's one QueryClient, one router and one toaster; every remote renders inside them. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => Router.createBrowserRouter(routes));
  // What the shell holds, for the browser suite to compare with what each remote was handed.
  recordSingletons('shell', { React, Router, authStore, queryClient });
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalStyle />
      <Router.RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
