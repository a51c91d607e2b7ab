import { ApiError } from '@usedcars/shared-auth';
import { QUERY_RETRIES } from '@usedcars/shared-ui';

/**
 * SPEC.md §9's three retries are for outages. A refusal (4xx: not allowed, not found) answers
 * the same every time, so the table shows it at once instead of after half a minute of backoff.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}
