/** Test helpers for the catalog's screens (imported by *.test.tsx only). */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { siteSettingsQuery } from '@usedcars/shared-api/cars';
import type { Car, Role, SiteSettings } from '@usedcars/shared-contract';
import { authStore } from '@usedcars/shared-auth';

let serial = 0;

export function makeCar(overrides: Partial<Car> = {}): Car {
  serial += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    carName: `Audi A4 2.0 TFSI Premium ${serial}`,
    img: '/images/cars/sedan-blue.svg',
    currentPrice: 24300,
    price: 41200,
    purchaseYear: '2019',
    condition: 'Very good',
    contact: '+1 (415) 555-0123',
    details: 'One owner, full dealer service history, non-smoker.',
    location: 'Denver, CO',
    used: '6 years',
    sellerName: 'Demo Seller',
    time: '2025-03-02',
    categoryName: 'audi',
    status: 'available',
    ...overrides,
  };
}

/** Who is looking: a visitor (signed out) or a signed-in person with a role. */
export function signInAs(role: Role | 'visitor'): void {
  if (role === 'visitor') authStore.setState({ status: 'signedOut', user: null, role: null });
  else authStore.setState({ status: 'signedIn', user: { uid: 'u1', email: `${role.toLowerCase()}@usedcars.test`, displayName: `Demo ${role}` }, role });
}

/** Shows the current address, so a test can assert what a shared link would hold. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** The site's settings as every screen's loader leaves them in the page's cache (GET /site-settings). */
export const SITE_SETTINGS: SiteSettings = { mileageUnit: 'mi', finance: { depositPercent: 10, termMonths: 60, aprPercent: 7.5 } };

export function renderAt(path: string, ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(siteSettingsQuery().queryKey, SITE_SETTINGS);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function currentAddress(): string {
  return document.querySelector('[data-testid="address"]')?.textContent ?? '';
}
