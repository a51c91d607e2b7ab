import { QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { isRefusal } from './isRefusal';

/**
 * docs/product.md, "Limits and timings", configured once: the shell creates the page's one QueryClient and Toaster with
 * these, and a remote's standalone harness does the same, so both behave alike.
 *
 * Imported as `@usedcars/shared-ui/appSettings`, not through the index: the index is a shared
 * singleton, so everything it imports loads on every page, and react-query with the toaster is
 * ~17 KB compressed that the home page does not need (docs/performance.md, "Goals"). Nothing here holds
 * state, so each importer's own copy is as good as a shared one.
 */
export const QUERY_RETRIES = 3;
const QUERY_MAX_BACKOFF_MS = 30_000;
const QUERY_CACHE_MS = 5 * 60_000;

export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_BACKOFF_MS);
}

/**
 * The three retries are for a server that hiccups or is briefly unreachable. A refusal
 * shows at once instead of after half a minute of back-off.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUnlessRefused,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_CACHE_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const TOAST_DURATIONS = { default: 4000, success: 2000, loading: Infinity } as const;

/**
 * The toasts: 4 s, 2 s for a success, a loading toast until it is dismissed. These happen
 * to be react-hot-toast 2.6's own defaults; they are spelled out so the product's figures are written here,
 * once, rather than left to whatever a later version defaults to. The "at most 20" is the library's
 * built-in limit, which it offers no setting for (2.6). appSettings.test.tsx checks what a person
 * sees, whichever of the two provides it, so an upgrade that changes the limit is noticed.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
