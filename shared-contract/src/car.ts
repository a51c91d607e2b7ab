import { CAR_LIST_MAX_LIMIT, CAR_LIST_MAX_OFFSET, CAR_SORTS, NEXT_CURSOR_HEADER } from './listing';
import * as z from './zod';
import { CATEGORIES } from './categories';
import { CAR_STATUSES } from './orderFlow';
import { fieldError, pastDateField, priceField, requiredText, strictObject, yearField } from './fields';
import { carPhotoSchema } from './photo';

/**
 * Pictures are either on the web or served by the API itself: its drawings under /images/, and
 * its photo files under /photos/ (a car's img is its cover's, which a seller may list again).
 */
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

/** The Add Product form (docs/product.md, "Validation"): all thirteen fields are required. */
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
  sellerName: requiredText('sellerName', 100),
  // The day the car was posted, as PostgreSQL's date column stores it: nothing Date.parse merely tolerates.
  time: pastDateField('time'),
  categoryName: z.enum(CATEGORIES, { error: fieldError('categoryName', `one of ${CATEGORIES.join(', ')}`) }),
});
export type CarInput = z.infer<typeof carInputSchema>;

/** One price a car was offered at, and since when (ISO time). */
export const priceChangeSchema = z.object({ price: z.number(), at: z.string() });
export type PriceChange = z.infer<typeof priceChangeSchema>;

/**
 * A car as the API answers it: every field of the form plus its id, status and photos. `img` is the
 * cover photo's `src` while the car has photos, else the link it was listed with.
 */
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
  /**
   * In order, the cover first; empty for a car with only an `img` link. The API always sends it;
   * optional here only so that car objects written before photos existed still type.
   */
  photos: z.array(carPhotoSchema).optional(),
  /** Every price the car was offered at, oldest first (the listing price included); optional like `photos`. */
  priceHistory: z.array(priceChangeSchema).optional(),
  /** Only on a hidden car in its seller's own list: why the moderators hid it. */
  hiddenReason: z.string().optional(),
});
export type Car = z.infer<typeof carSchema>;

/** What the API's car answers promise: `photos` and `priceHistory` always present. */
export const carResponseSchema = carSchema.extend({ photos: z.array(carPhotoSchema), priceHistory: z.array(priceChangeSchema) });
export type CarResponse = z.infer<typeof carResponseSchema>;

const optionalText = (field: string, max: number) => requiredText(field, max).optional();
const queryNumber = (field: string) => z.coerce.number({ error: `${field} must be a number` }).min(0, { error: `${field} must not be negative` });

/** Optional paging, sorting and filters of the brand lists (query string, so numbers arrive as text). */
export const carListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(CAR_LIST_MAX_LIMIT, { error: `limit must be at most ${CAR_LIST_MAX_LIMIT}` })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .max(CAR_LIST_MAX_OFFSET, {
      error: `offset must be at most ${CAR_LIST_MAX_OFFSET}; for deeper pages follow the cursor in the ${NEXT_CURSOR_HEADER} header`,
    })
    .optional(),
  /** Opaque: taken from a list answer's cursor headers, never built by a client. */
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, { error: 'cursor must not be empty' })
    .max(200, { error: 'cursor must be at most 200 characters' })
    .optional(),
  sort: z.enum(CAR_SORTS, { error: `sort must be one of ${CAR_SORTS.join(', ')}` }).optional(),
  minPrice: queryNumber('minPrice').optional(),
  maxPrice: queryNumber('maxPrice').optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, { error: 'year must be four digits' })
    .optional(),
  location: optionalText('location', 100),
  q: optionalText('q', 100),
  status: z.enum(CAR_STATUSES, { error: `status must be one of ${CAR_STATUSES.join(', ')}` }).optional(),
});
export type CarListQuery = z.infer<typeof carListQuerySchema>;
