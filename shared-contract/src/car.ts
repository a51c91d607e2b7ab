import { CAR_LIST_MAX_LIMIT, CAR_LIST_MAX_OFFSET, CAR_SORTS, NEXT_CURSOR_HEADER, SEARCH_SORTS } from './listing';
import * as z from './zod';
import { CATEGORIES } from './categories';
import { CAR_STATUSES } from './orderFlow';
import { fieldError, nameText, pastDateField, priceField, requiredText, strictObject, yearField } from './fields';
import { carPhotoSchema } from './photo';
import { BODIES, COLOURS, FUELS, GEARBOXES, MILEAGE_MAX, PREVIOUS_OWNERS_MAX } from './carFacts';
import { DEAL_RATINGS } from './deals';
import { brandFilterShape, facetFiltersShape } from './facetQuery';

/** A web link, or the API's own /images/ and /photos/ (a cover's src may be listed again). */
export function isImageLink(value: string): boolean {
  if (value.startsWith('/images/')) return /^\/images\/[A-Za-z0-9._\-/]+$/.test(value) && !value.includes('..');
  if (value.startsWith('/photos/')) return /^\/photos\/[0-9a-f]{64}\.(avif|webp|jpg)$/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function wholeNumberField(field: string, max: number) {
  return z
    .number({ error: fieldError(field, 'a number') })
    .int({ error: `${field} must be a whole number`, abort: true })
    .min(0, { error: `${field} must not be negative`, abort: true })
    .max(max, { error: `${field} must be at most ${max.toLocaleString('en-US')}` });
}

function choiceField<const Values extends readonly [string, ...string[]]>(field: string, values: Values) {
  return z.enum(values, { error: fieldError(field, `one of ${values.join(', ')}`) });
}

/**
 * The facts buyers filter on (docs/product.md, "The facts"). Optional on the wire, so a client that
 * lists cars without them keeps working and the car says "Not stated"; the site's forms ask for
 * them all (listingFormSchema).
 */
const factFields = {
  /** In the site's unit (GET /site-settings). */
  mileage: wholeNumberField('mileage', MILEAGE_MAX),
  fuel: choiceField('fuel', FUELS),
  gearbox: choiceField('gearbox', GEARBOXES),
  body: choiceField('body', BODIES),
  colour: choiceField('colour', COLOURS),
  previousOwners: wholeNumberField('previousOwners', PREVIOUS_OWNERS_MAX),
};

export const carFactsShape = {
  mileage: factFields.mileage.optional(),
  fuel: factFields.fuel.optional(),
  gearbox: factFields.gearbox.optional(),
  body: factFields.body.optional(),
  colour: factFields.colour.optional(),
  previousOwners: factFields.previousOwners.optional(),
};

export const CAR_FACTS = ['mileage', 'fuel', 'gearbox', 'body', 'colour', 'previousOwners'] as const satisfies readonly (keyof typeof carFactsShape)[];

export const carInputSchema = strictObject({
  carName: requiredText('carName', 120),
  img: requiredText('img', 2048).refine(isImageLink, {
    error: 'img must be an http(s) link or a path starting with /images/',
  }),
  currentPrice: priceField('currentPrice'),
  price: priceField('price'),
  purchaseYear: yearField('purchaseYear'),
  condition: requiredText('condition', 60),
  contact: requiredText('contact', 120),
  details: requiredText('details', 2000),
  location: requiredText('location', 120),
  used: requiredText('used', 60),
  sellerName: nameText('sellerName', 100),
  // As PostgreSQL's date column stores it: nothing Date.parse merely tolerates.
  time: pastDateField('time'),
  categoryName: z.enum(CATEGORIES, { error: fieldError('categoryName', `one of ${CATEGORIES.join(', ')}`) }),
  ...carFactsShape,
});
export type CarInput = z.infer<typeof carInputSchema>;

/** Add Product's own check: the API's schema, with every fact asked for (a listing from the site states them all). */
export const listingFormSchema = carInputSchema.extend(factFields);

export const priceChangeSchema = z.object({ price: z.number(), at: z.string() });
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** The car's price against the market (docs/product.md, "Deal rating"). */
export const marketSchema = z.object({
  estimate: z.number().nullable(),
  comparables: z.number().int(),
  rating: z.enum(DEAL_RATINGS).nullable(),
});

export const carSchema = z.object({
  _id: z.string(),
  carName: z.string(),
  img: z.string(),
  currentPrice: z.number(),
  price: z.number(),
  purchaseYear: z.string(),
  condition: z.string(),
  contact: z.string(),
  details: z.string(),
  location: z.string(),
  used: z.string(),
  sellerName: z.string(),
  time: z.string(),
  categoryName: z.enum(CATEGORIES),
  status: z.enum(CAR_STATUSES),
  /** Optional only so cars written before photos existed still type; the API always sends it. */
  photos: z.array(carPhotoSchema).optional(),
  priceHistory: z.array(priceChangeSchema).optional(),
  hiddenReason: z.string().optional(),
  // Null for a listing that does not state it; optional only so cars written before the facts still type.
  mileage: z.number().nullable().optional(),
  fuel: z.enum(FUELS).nullable().optional(),
  gearbox: z.enum(GEARBOXES).nullable().optional(),
  body: z.enum(BODIES).nullable().optional(),
  colour: z.enum(COLOURS).nullable().optional(),
  previousOwners: z.number().nullable().optional(),
  market: marketSchema.optional(),
});
export type Car = z.infer<typeof carSchema>;

export const carResponseSchema = carSchema.extend({
  photos: z.array(carPhotoSchema),
  priceHistory: z.array(priceChangeSchema),
  mileage: z.number().nullable(),
  fuel: z.enum(FUELS).nullable(),
  gearbox: z.enum(GEARBOXES).nullable(),
  body: z.enum(BODIES).nullable(),
  colour: z.enum(COLOURS).nullable(),
  previousOwners: z.number().nullable(),
  market: marketSchema,
});
export type CarResponse = z.infer<typeof carResponseSchema>;

const optionalText = (field: string, max: number) => requiredText(field, max).optional();
const queryNumber = (field: string) => z.coerce.number({ error: `${field} must be a number` }).min(0, { error: `${field} must not be negative` });

const limitField = z.coerce
  .number({ error: 'limit must be a number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(CAR_LIST_MAX_LIMIT, { error: `limit must be at most ${CAR_LIST_MAX_LIMIT}` })
  .optional();
const offsetField = z.coerce
  .number({ error: 'offset must be a number' })
  .int({ error: 'offset must be a whole number' })
  .min(0, { error: 'offset must not be negative' })
  .max(CAR_LIST_MAX_OFFSET, {
    error: `offset must be at most ${CAR_LIST_MAX_OFFSET}; for deeper pages follow the cursor in the ${NEXT_CURSOR_HEADER} header`,
  })
  .optional();

/** What the brand lists and the search filter by besides the facets. */
const textAndPriceShape = {
  minPrice: queryNumber('minPrice').optional(),
  maxPrice: queryNumber('maxPrice').optional(),
  location: optionalText('location', 100),
  q: optionalText('q', 100),
};

export const carListQuerySchema = z.object({
  limit: limitField,
  offset: offsetField,
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, { error: 'cursor must not be empty' })
    .max(200, { error: 'cursor must be at most 200 characters' })
    .optional(),
  sort: z.enum(CAR_SORTS, { error: `sort must be one of ${CAR_SORTS.join(', ')}` }).optional(),
  ...textAndPriceShape,
  status: z.enum(CAR_STATUSES, { error: `status must be one of ${CAR_STATUSES.join(', ')}` }).optional(),
  ...facetFiltersShape,
});
export type CarListQuery = z.infer<typeof carListQuerySchema>;

/** GET /search and GET /search/facets: every brand, ranked by relevance to q by default (docs/api.md, "Search and facets"). */
export const searchQuerySchema = z.object({
  limit: limitField,
  offset: offsetField,
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
  ...textAndPriceShape,
  ...brandFilterShape,
  ...facetFiltersShape,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
