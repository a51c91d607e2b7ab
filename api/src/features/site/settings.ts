import { MILEAGE_UNITS, type MileageUnit, type SiteSettings } from '@usedcars/shared-contract';

/** A US marketplace by default: miles, and a car loan's usual shape (docs/api.md, "Site settings"). */
export const defaultSiteSettings: SiteSettings = {
  mileageUnit: 'mi',
  finance: { depositPercent: 10, termMonths: 60, aprPercent: 7.5 },
};

function numberIn(name: string, raw: string | undefined, fallback: number, [low, high]: [number, number]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < low || value > high) throw new Error(`${name} must be a number from ${low} to ${high}, got "${raw}"`);
  return value;
}

/**
 * MILEAGE_UNIT (mi or km): every mileage is typed, stored and shown in it, so it is chosen once,
 * before the first car is listed. FINANCE_*: where the monthly cost on a car's page starts.
 */
export function siteSettingsFromEnv(env: NodeJS.ProcessEnv): SiteSettings {
  const unit = env.MILEAGE_UNIT || defaultSiteSettings.mileageUnit;
  if (!(MILEAGE_UNITS as readonly string[]).includes(unit)) throw new Error(`MILEAGE_UNIT must be one of ${MILEAGE_UNITS.join(', ')}, got "${unit}"`);
  const finance = defaultSiteSettings.finance;
  return {
    mileageUnit: unit as MileageUnit,
    finance: {
      depositPercent: numberIn('FINANCE_DEPOSIT_PERCENT', env.FINANCE_DEPOSIT_PERCENT, finance.depositPercent, [0, 100]),
      termMonths: Math.round(numberIn('FINANCE_TERM_MONTHS', env.FINANCE_TERM_MONTHS, finance.termMonths, [1, 120])),
      aprPercent: numberIn('FINANCE_APR_PERCENT', env.FINANCE_APR_PERCENT, finance.aprPercent, [0, 100]),
    },
  };
}
