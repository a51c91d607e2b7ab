import * as z from './zod';
import { idField, strictObject } from './fields';

/**
 * Car photos: what a seller may upload, and how the API answers each photo. The API re-encodes
 * every upload into these formats and widths (docs/operate-photos.md); a page offers them to the
 * browser with <picture>, one <source> per format, best first.
 */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The widths made of each photo, never wider than the photo itself. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
/** The width of `src` (and of a cover's `img`): a card or a detail page on a phone. */
export const PHOTO_SRC_WIDTH = 640;

export const PHOTOS_PER_CAR_MAX = 12;
export const PHOTO_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded size limit: a few KB of file can decode to gigabytes of pixels. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_ALT_MAX = 200;

/** The multipart field names of POST /{collection}/{id}/photos. */
export const PHOTO_FILE_FIELD = 'photo';
/** Optional; the n-th alt goes with the n-th photo. */
export const PHOTO_ALT_FIELD = 'alt';

export const photoVariantSchema = z.object({ width: z.number().int(), height: z.number().int(), url: z.string() });
export type PhotoVariant = z.infer<typeof photoVariantSchema>;

/** One photo of a car, ready for <picture>: `srcset[format]` goes in a <source>, `src` in the <img>. */
export const carPhotoSchema = z.object({
  id: z.string(),
  /** Of the largest variant, upright: the aspect ratio to reserve before it loads. */
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** A JPEG about PHOTO_SRC_WIDTH wide, for browsers without srcset and for a car's `img`. */
  src: z.string(),
  /** "url 320w, url 640w, url 1280w" per format. */
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  /** The same URLs, narrowest first, with each one's size. */
  variants: z.object({ avif: z.array(photoVariantSchema), webp: z.array(photoVariantSchema), jpeg: z.array(photoVariantSchema) }),
});
export type CarPhoto = z.infer<typeof carPhotoSchema>;

/** The answer of every photo write: the car's photos in order (the first is the cover) and its `img` now. */
export const carPhotosResponseSchema = z.object({ img: z.string(), photos: z.array(carPhotoSchema) });
export type CarPhotosResponse = z.infer<typeof carPhotosResponseSchema>;

/** PUT /{collection}/{id}/photos: every photo of the car, each once, in the new order. */
export const photoOrderSchema = strictObject({
  photoIds: z
    .array(idField('photoIds'), { error: (issue) => (issue.input === undefined ? 'photoIds is required' : 'photoIds must be a list of photo ids') })
    .min(1, { error: 'photoIds must name at least one photo' })
    .max(PHOTOS_PER_CAR_MAX, { error: `photoIds must name at most ${PHOTOS_PER_CAR_MAX} photos` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'photoIds must name each photo once' }),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

/** A refused upload: `file` is the name of the file the message is about, when it is about one. */
export const photoRefusalSchema = z.object({ message: z.string(), file: z.string().optional() });
export type PhotoRefusal = z.infer<typeof photoRefusalSchema>;
