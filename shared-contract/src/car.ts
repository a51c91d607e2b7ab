import { CAR_LIST_MAX_LIMIT, CAR_LIST_MAX_OFFSET, CAR_SORTS, NEXT_CURSOR_HEADER } from './listing';
import * as z from './zod';
import { CATEGORIES } from './categories';
import { CAR_STATUSES } from './orderFlow';
import { fieldError, nameText, pastDateField, priceField, requiredText, strictObject, yearField } from './fields';
import { carPhotoSchema } from './photo';

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
});
export type CarInput = z.infer<typeof carInputSchema>;

export const priceChangeSchema = z.object({ price: z.number(), at: z.string() });
export type PriceChange = z.infer<typeof priceChangeSchema>;

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
});
export type Car = z.infer<typeof carSchema>;

export const carResponseSchema = carSchema.extend({ photos: z.array(carPhotoSchema), priceHistory: z.array(priceChangeSchema) });
export type CarResponse = z.infer<typeof carResponseSchema>;

const optionalText = (field: string, max: number) => requiredText(field, max).optional();
const queryNumber = (field: string) => z.coerce.number({ error: `${field} must be a number` }).min(0, { error: `${field} must not be negative` });

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
