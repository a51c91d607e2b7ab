import { useLocation } from 'react-router-dom';
import type { LoginRedirectState } from '@usedcars/shared-auth';
import { SITE_PATHS } from '@usedcars/shared-contract';

/** Where to go after signing in: the page the guard intercepted, or home. */
export function useReturnPath(): string {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : SITE_PATHS.home;
}
