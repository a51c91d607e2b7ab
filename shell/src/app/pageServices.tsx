import type { ReactNode } from 'react';
import { QueryClientProvider, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { AppToaster, createQueryClient } from '@usedcars/shared-ui/appSettings';
import { loadScreenData, type MatchedScreen } from './screenData';

/**
 * One QueryClient and the toaster (docs/product.md, "Limits and timings"), created by createPageServices
 * (services.tsx) when the first screen that talks to the API loads this chunk: in the browser one for
 * the page's whole life, kept across every later screen, starting with the responses the server
 * rendered the page with; on the render server, the request's own client.
 */
export function createServices({ rendered, client }: { rendered?: DehydratedState; client?: QueryClient }) {
  const queryClient = client ?? createQueryClient();
  if (rendered) hydrate(queryClient, rendered);
  return {
    QueryScope({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    },
    Toaster: AppToaster,
    /** Starts the data of the screens a move goes to, in the page's one cache. */
    startScreenData(screens: readonly MatchedScreen[], search: URLSearchParams): Promise<unknown> {
      return loadScreenData(queryClient, screens, search);
    },
  };
}
