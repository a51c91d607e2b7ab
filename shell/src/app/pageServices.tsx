import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { recordSingletons } from '@usedcars/shared-ui';
import { AppToaster, createQueryClient } from '@usedcars/shared-ui/appSettings';

/**
 * The page's one QueryClient and its toaster (SPEC.md §9). This module loads with the first
 * screen that talks to the API (see services.tsx), so it runs once per page: one client, kept
 * across every later screen.
 */
const queryClient = createQueryClient();
// What the shell holds, for the browser suite to compare with what each remote was handed.
recordSingletons('shell', { queryClient });

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export { AppToaster };
