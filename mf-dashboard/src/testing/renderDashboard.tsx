import { siteSettingsQuery } from '@usedcars/shared-api/cars';
import type { ReactElement } from 'react';
import { cleanup, render, screen as rendered } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { setSignedIn } from '@usedcars/shared-auth';
import type { Role } from '@usedcars/shared-contract';

/** Signs a test person in with a role, as the shell's session would. */
export function signInAs(role: Role | null, name = 'Dana Driver', email = 'dana@usedcars.test') {
  setSignedIn({ uid: `uid-${email}`, email, displayName: name }, role);
}

/** Stands in for every screen that is not under test, saying where the user ended up. */
function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

/**
 * Renders dashboard screens inside the providers the shell gives them: a fresh QueryClient
 * (no retries, so failures show at once) and a router (a MemoryRouter: declarative, like the
 * shell's BrowserRouter, with the address kept in memory).
 */
export function renderDashboard(
  screen: ReactElement,
  { path = '/dashboard', at = path, children }: { path?: string; at?: InitialEntry; children?: ReactElement } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  // The site's settings, as the page has them from its first screen (GET /site-settings).
  queryClient.setQueryData(siteSettingsQuery().queryKey, { mileageUnit: 'mi', finance: { depositPercent: 10, termMonths: 60, aprPercent: 7.5 } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={screen}>
            {children}
          </Route>
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** Renders a table screen, waits for its rows, checks them, and always cleans up for a property's next run. */
export async function inTable(ui: ReactElement, caption: string, check: (table: HTMLElement) => void) {
  renderDashboard(ui);
  try {
    check(await rendered.findByRole('table', { name: caption }));
  } finally {
    cleanup();
  }
}
