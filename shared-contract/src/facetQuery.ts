import * as z from './zod';
import { BODIES, FUELS, GEARBOXES } from './carFacts';
import { CATEGORIES } from './categories';
import { DEAL_RATINGS } from './deals';
import { MILEAGE_BANDS, PRICE_BANDS } from './facets';
import { requiredText } from './fields';

/** A page's or a client's options of one facet: the parameter repeated (`fuel=diesel&fuel=hybrid`). */
const MAX_PICKED = 30;

function many<Output extends string>(field: string, item: z.ZodType<Output, string>) {
  return z
    .union([z.string(), z.array(z.string())], { error: `${field} must be text` })
    .transform((value) => [value].flat())
    .pipe(z.array(item).max(MAX_PICKED, { error: `${field} takes at most ${MAX_PICKED} options` }))
    .optional();
}

const oneOf = (field: string, values: readonly [string, ...string[]]) => z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });
const keys = (bands: readonly { key: string }[]) => bands.map((band) => band.key) as [string, ...string[]];

/** The facets' filters (docs/api.md, "Search and facets"): the brand lists take them all but brand, the search all of them. */
export const facetFiltersShape = {
  price: many('price', oneOf('price', keys(PRICE_BANDS))),
  year: many('year', z.string().regex(/^\d{4}$/, { error: 'year must be four digits' })),
  mileage: many('mileage', oneOf('mileage', keys(MILEAGE_BANDS))),
  fuel: many('fuel', z.enum(FUELS, { error: `fuel must be one of ${FUELS.join(', ')}` })),
  gearbox: many('gearbox', z.enum(GEARBOXES, { error: `gearbox must be one of ${GEARBOXES.join(', ')}` })),
  body: many('body', z.enum(BODIES, { error: `body must be one of ${BODIES.join(', ')}` })),
  city: many('city', requiredText('city', 120)),
  deal: many('deal', z.enum(DEAL_RATINGS, { error: `deal must be one of ${DEAL_RATINGS.join(', ')}` })),
  priceDropped: z
    .enum(['true', 'false'], { error: 'priceDropped must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
};

export const brandFilterShape = {
  brand: many('brand', z.enum(CATEGORIES, { error: `brand must be one of ${CATEGORIES.join(', ')}` })),
};
