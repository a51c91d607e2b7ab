import { QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { isRefusal } from './isRefusal';

// docs/product.md, "Limits and timings"; not in the index, which every page loads (docs/performance.md, "Goals").
export const QUERY_RETRIES = 3;
const QUERY_MAX_BACKOFF_MS = 30_000;
const QUERY_CACHE_MS = 5 * 60_000;

export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_BACKOFF_MS);
}

/** A refusal shows at once instead of after half a minute of back-off. */
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

/** The library's defaults spelled out, so an upgrade cannot change the product's figures. */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        // A toast may quote a car's name: a long pasted word breaks inside the toast.
        style: { overflowWrap: 'anywhere', maxWidth: 'min(350px, calc(100vw - 32px))' },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
