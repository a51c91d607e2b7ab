import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppToaster, GlobalStyle, createQueryClient } from '@usedcars/shared-ui';
import { startIdentity } from './session';
import { loadRuntimeConfig } from './runtimeConfig';

/**
 * A remote's own page for its team's development (`npm run dev -w mf-catalog`): its screens
 * with the same providers the shell gives them, without the shell.
 */
export async function renderStandalone(routes: RouteObject[]): Promise<void> {
  await loadRuntimeConfig();
  void startIdentity();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <GlobalStyle />
        <RouterProvider router={createBrowserRouter(routes)} />
        <AppToaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
