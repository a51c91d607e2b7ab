import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { Spinner } from '@usedcars/shared-ui';
import { useAuth } from './authStore';

/** Where a visitor was going when the guard sent them to /login (docs/product.md, "The screens"). */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * The login guard: a spinner while auth is loading; with no user, off to /login remembering
 * the origin, so a successful login comes back here.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your sign-in…" />;
  if (status === 'signedOut') {
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={SITE_PATHS.login} replace state={state} />;
  }
  return <>{children}</>;
}
