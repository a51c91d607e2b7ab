import { useQuery } from '@tanstack/react-query';
import { siteSettingsQuery } from '@usedcars/shared-api/cars';
import type { SiteSettings } from '@usedcars/shared-contract';

/** Until the API has said (or if it cannot): miles, and the API's own defaults for a loan (docs/api.md, "Site settings"). */
const FALLBACK: SiteSettings = { mileageUnit: 'mi', finance: { depositPercent: 10, termMonths: 60, aprPercent: 7.5 } };

/** The site's settings; every screen's loader reads them, so the server renders mileages in the right unit. */
export function useSiteSettings(): SiteSettings {
  return useQuery(siteSettingsQuery()).data ?? FALLBACK;
}
