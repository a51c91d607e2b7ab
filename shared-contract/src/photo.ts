import * as z from './zod';
import { idField, strictObject } from './fields';

// Every upload is re-encoded into these formats and widths (docs/operate-photos.md).
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export const PHOTO_SRC_WIDTH = 640;

export const PHOTOS_PER_CAR_MAX = 12;
export const PHOTO_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded size limit: a few KB of file can decode to gigabytes of pixels. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_ALT_MAX = 200;

export const PHOTO_FILE_FIELD = 'photo';
/** Optional; the n-th alt goes with the n-th photo. */
export const PHOTO_ALT_FIELD = 'alt';

export const photoVariantSchema = z.object({ width: z.number().int(), height: z.number().int(), url: z.string() });
export type PhotoVariant = z.infer<typeof photoVariantSchema>;

export const carPhotoSchema = z.object({
  id: z.string(),
  /** Of the largest variant, upright: the aspect ratio to reserve before it loads. */
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  src: z.string(),
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  variants: z.object({ avif: z.array(photoVariantSchema), webp: z.array(photoVariantSchema), jpeg: z.array(photoVariantSchema) }),
});
export type CarPhoto = z.infer<typeof carPhotoSchema>;

export const carPhotosResponseSchema = z.object({ img: z.string(), photos: z.array(carPhotoSchema) });
export type CarPhotosResponse = z.infer<typeof carPhotosResponseSchema>;

export const photoOrderSchema = strictObject({
  photoIds: z
    .array(idField('photoIds'), { error: (issue) => (issue.input === undefined ? 'photoIds is required' : 'photoIds must be a list of photo ids') })
    .min(1, { error: 'photoIds must name at least one photo' })
    .max(PHOTOS_PER_CAR_MAX, { error: `photoIds must name at most ${PHOTOS_PER_CAR_MAX} photos` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'photoIds must name each photo once' }),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

export const photoRefusalSchema = z.object({ message: z.string(), file: z.string().optional() });
export type PhotoRefusal = z.infer<typeof photoRefusalSchema>;
