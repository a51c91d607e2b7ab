import * as z from './zod';
import { MILEAGE_MAX, MILEAGE_UNITS } from './carFacts';
import { CATEGORIES } from './categories';
import { FACET_NAMES, type FacetName } from './facets';
import { fieldError, requiredText, yearField } from './fields';
import { COMPARE_MAX } from './listing';

const facetOptionSchema = z.object({ value: z.string(), count: z.number().int() });

/** GET /search/facets: how many cars match, and each facet's options with their counts (docs/api.md, "Search and facets"). */
export const searchFacetsSchema = z.object({
  total: z.number().int(),
  facets: z.object(
    Object.fromEntries(FACET_NAMES.map((name) => [name, z.array(facetOptionSchema)])) as Record<FacetName, z.ZodArray<typeof facetOptionSchema>>,
  ),
});

/** GET /site-settings: what the site's screens show and start from (docs/api.md, "Site settings"). */
export const siteSettingsSchema = z.object({
  mileageUnit: z.enum(MILEAGE_UNITS),
  finance: z.object({ depositPercent: z.number(), termMonths: z.number().int(), aprPercent: z.number() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /market/estimate: a seller's car as it would be listed (docs/api.md, "Deal ratings"). */
export const marketEstimateQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: fieldError('category', `one of ${CATEGORIES.join(', ')}`) }),
  carName: requiredText('carName', 120),
  purchaseYear: yearField('purchaseYear'),
  mileage: z.coerce
    .number({ error: 'mileage must be a number' })
    .int({ error: 'mileage must be a whole number' })
    .min(0, { error: 'mileage must not be negative' })
    .max(MILEAGE_MAX, { error: `mileage must be at most ${MILEAGE_MAX.toLocaleString('en-US')}` })
    .optional(),
});
export type MarketEstimateQuery = z.infer<typeof marketEstimateQuerySchema>;

export const marketEstimateSchema = z.object({ estimate: z.number().nullable(), comparables: z.number().int() });
export type MarketEstimate = z.infer<typeof marketEstimateSchema>;

/** GET /compare: up to three cars by id, comma-separated, as /compare?ids=… names them. */
export const compareQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.guid({ error: 'ids must be car ids, comma-separated' }))
        .min(1, { error: 'ids is required' })
        .max(COMPARE_MAX, { error: `ids takes at most ${COMPARE_MAX} cars` }),
    ),
});
