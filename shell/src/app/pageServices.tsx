import { useContext, type ReactNode } from 'react';
import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { AppToaster, createQueryClient } from '@usedcars/shared-ui/appSettings';
import { takeBootQueries } from './boot';
import { RequestQueryClient } from './requestServices';
import { loadScreenData, type MatchedScreen } from './screenData';

/**
 * The page's one QueryClient and its toaster (docs/product.md, "Limits and timings"). This module
 * loads with the first screen that talks to the API (see services.tsx), so it runs once per page:
 * one client, kept across every later screen. It starts with the responses the server rendered the
 * page with, so the first screen shows them at once, as the server did.
 */
const queryClient = createQueryClient();
const renderedByServer = typeof window === 'undefined' ? undefined : takeBootQueries();
if (renderedByServer) hydrate(queryClient, renderedByServer);

export function QueryScope({ children }: { children: ReactNode }) {
  const client = useContext(RequestQueryClient) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Starts the data of the screens a move goes to, in the page's one cache. */
export function startScreenData(screens: readonly MatchedScreen[], search: URLSearchParams): Promise<unknown> {
  return loadScreenData(queryClient, screens, search);
}

export { AppToaster };
