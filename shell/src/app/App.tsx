import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppToaster, GlobalStyle, createQueryClient } from '@usedcars/shared-ui';
import { routes } from './routes';

/** The page's one QueryClient, one router and one toaster; every remote renders inside them. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalStyle />
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
