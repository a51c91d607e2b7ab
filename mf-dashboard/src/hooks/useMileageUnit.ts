import { useQuery } from '@tanstack/react-query';
import { siteSettingsQuery } from '@usedcars/shared-api/cars';
import type { MileageUnit } from '@usedcars/shared-contract';

/** The site's unit for mileage (GET /site-settings); miles, the default, until it is known. */
export function useMileageUnit(): MileageUnit {
  return useQuery(siteSettingsQuery()).data?.mileageUnit ?? 'mi';
}

export const UNIT_WORDS: Record<MileageUnit, string> = { mi: 'miles', km: 'kilometres' };
