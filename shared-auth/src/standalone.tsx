import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { GlobalStyle } from '@usedcars/shared-ui';
import { AppToaster, createQueryClient } from '@usedcars/shared-ui/appSettings';
// Through the package's own entry, not './session': this file is bundled into each remote's
// standalone page (it is not part of the shared entry), and a relative import would give that
// page a second auth store beside the shared one its screens read.
import { loadRuntimeConfig, startIdentity } from '@usedcars/shared-auth';

function Screens({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * A remote's own page for its team's development (`npm run dev -w mf-catalog`): its screens
 * with the same providers the shell gives them, without the shell. Imported as
 * `@usedcars/shared-auth/standalone`, so the shared entry (loaded on every page) stays without
 * react-query and the toaster.
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
        <BrowserRouter>
          <Screens routes={routes} />
        </BrowserRouter>
        <AppToaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
