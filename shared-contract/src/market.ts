import * as z from './zod';
import { CATEGORIES } from './categories';
import { SEARCH_SORTS } from './listing';
import { LISTING_ENDINGS } from './orderFlow';
import { REPORT_REASONS } from './reportReasons';
import { carFactsShape, carResponseSchema, carListQuerySchema } from './car';
import { brandFilterShape, facetFiltersShape } from './facetQuery';
import { BODIES, FUELS, GEARBOXES } from './carFacts';
import { DEAL_RATINGS } from './deals';
import { fieldError, priceField, requiredText, strictObject } from './fields';

/** Per person (docs/api-limits.md). */
export const SAVED_SEARCH_CAP = 50;
export const SAVED_CAR_CAP = 500;

export const goneCarSchema = z.object({ carId: z.string(), carName: z.string(), note: z.string() });
export type GoneCar = z.infer<typeof goneCarSchema>;

export const favouritesSchema = z.object({ cars: z.array(carResponseSchema), gone: z.array(goneCarSchema) });
export type Favourites = z.infer<typeof favouritesSchema>;

export const GONE_NOTES = {
  hidden: 'This listing was removed by the moderators',
  withdrawn: 'The seller withdrew this listing',
  soldElsewhere: 'The seller sold this car elsewhere',
} as const;

/**
 * A saved search's filters, as the screen it was saved on has them: a brand list's (`category`) or
 * the search across brands' (no category); the facets' picks as lists (docs/product.md, "Saved searches").
 */
export const searchFiltersSchema = strictObject(
  {
    category: z.enum(CATEGORIES, { error: fieldError('category', `one of ${CATEGORIES.join(', ')}`) }).optional(),
    q: carListQuerySchema.shape.q,
    minPrice: priceField('minPrice').optional(),
    maxPrice: priceField('maxPrice').optional(),
    location: carListQuerySchema.shape.location,
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    ...brandFilterShape,
    ...facetFiltersShape,
    priceDropped: z.boolean({ error: 'priceDropped must be true or false' }).optional(),
  },
  'filters',
).refine((filters) => filters.minPrice === undefined || filters.maxPrice === undefined || filters.minPrice <= filters.maxPrice, {
  error: 'minPrice must not be more than maxPrice',
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export const savedSearchInputSchema = strictObject({ name: requiredText('name', 80), filters: searchFiltersSchema });
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

/** The filters as the API responses them: the picks as lists (a response is serialised by its schema, which may not transform). */
const savedFiltersSchema = z.object({
  category: z.enum(CATEGORIES).optional(),
  q: z.string().optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  location: z.string().optional(),
  sort: z.enum(SEARCH_SORTS).optional(),
  brand: z.array(z.enum(CATEGORIES)).optional(),
  price: z.array(z.string()).optional(),
  year: z.array(z.string()).optional(),
  mileage: z.array(z.string()).optional(),
  fuel: z.array(z.enum(FUELS)).optional(),
  gearbox: z.array(z.enum(GEARBOXES)).optional(),
  body: z.array(z.enum(BODIES)).optional(),
  city: z.array(z.string()).optional(),
  deal: z.array(z.enum(DEAL_RATINGS)).optional(),
  priceDropped: z.boolean().optional(),
}) satisfies z.ZodType<SearchFilters>;

export const savedSearchSchema = z.object({ _id: z.string(), name: z.string(), filters: savedFiltersSchema, createdAt: z.string() });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const NOTIFICATION_KINDS = [
  'newMatch',
  'priceDrop',
  'listingEnded',
  'listingHidden',
  'listingRestored',
  'accountSuspended',
  'accountReinstated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  carId: z.string().nullable(),
  categoryName: z.enum(CATEGORIES).nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int(), total: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** No ids: all of the caller's. */
export const notificationsReadSchema = strictObject({
  ids: z
    .array(z.guid({ error: 'ids must be valid ids' }))
    .max(100)
    .optional(),
});

export const carUpdateSchema = strictObject({
  currentPrice: priceField('currentPrice').optional(),
  details: requiredText('details', 2000).optional(),
  location: requiredText('location', 120).optional(),
  condition: requiredText('condition', 60).optional(),
  status: z.enum(LISTING_ENDINGS, { error: `status must be one of ${LISTING_ENDINGS.join(', ')}` }).optional(),
  ...carFactsShape,
}).refine((update) => Object.values(update).some((value) => value !== undefined), { error: 'Send at least one field to change' });
export type CarUpdate = z.infer<typeof carUpdateSchema>;

export const reportInputSchema = strictObject({
  carId: z.guid({ error: fieldError('carId', 'a valid id') }),
  reason: z.enum(REPORT_REASONS, { error: fieldError('reason', `one of ${REPORT_REASONS.join(', ')}`) }),
  text: requiredText('text', 1000).optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportSchema = z.object({
  _id: z.string(),
  carId: z.string(),
  carName: z.string(),
  categoryName: z.enum(CATEGORIES),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  reporterName: z.string().nullable(),
  createdAt: z.string(),
  hidden: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

export const moderationReasonSchema = strictObject({ reason: requiredText('reason', 500) });

export const AUDIT_ACTIONS = ['hideCar', 'restoreCar', 'suspendSeller', 'reinstateSeller', 'suspendBuyer', 'reinstateBuyer'] as const;
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetId: z.string(),
  targetName: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const removedCarSchema = z.object({ message: z.string(), removed: z.enum(['hidden', ...LISTING_ENDINGS]) });
