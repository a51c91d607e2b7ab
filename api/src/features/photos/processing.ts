import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { PHOTO_CONTENT_TYPES, PHOTO_FORMATS, PHOTO_MAX_PIXELS, PHOTO_WIDTHS, type PhotoFormat } from '@usedcars/shared-contract';

// Uploads are all different pictures: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What a stored file is called: the SHA-256 of its bytes, and the format's extension. */
export const PHOTO_KEY = /^[0-9a-f]{64}\.(avif|webp|jpg)$/;
const EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const format = PHOTO_FORMATS.find((candidate) => EXTENSIONS[candidate] === extension);
  return format ? PHOTO_CONTENT_TYPES[format] : 'application/octet-stream';
}

export interface EncodedVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  key: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** Of the largest variant. */
  width: number;
  height: number;
  variants: EncodedVariant[];
}

/** A file refused for what it is; the message completes "<file name> …". */
export class PhotoRejection extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The containers sharp can decode that a camera or phone produces, told by their first bytes,
 * never by the file's name or the type the browser claims. Everything else (SVG and PDF above
 * all, whose decoders parse documents) is refused before any decoder sees it.
 */
export function sniffImage(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  // ISO-BMFF: AVIF, and HEIF when the library build can read it (HEVC-coded HEIC usually not).
  if (ascii(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|heim|heis|mif1|msf1)$/.test(ascii(8, 12))) return 'heif';
  return null;
}

export const READABLE = 'is not a picture we can read: send a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF photo';

/** The longest side WebP and AVIF can encode (16,383 px); a longer picture is scaled to fit it. */
export const ENCODABLE_SIDE = 16_383;

/**
 * Encoder settings: a good-looking photo at a fraction of a phone's JPEG. AVIF's effort is kept
 * low: each step up roughly doubles the time, and on photographs effort 1 made files as small
 * as effort 2 (docs/operate-photos.md).
 */
const ENCODER_SETTINGS = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
} as const;
const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(ENCODER_SETTINGS.avif),
  webp: (image) => image.webp(ENCODER_SETTINGS.webp),
  jpeg: (image) => image.jpeg(ENCODER_SETTINGS.jpeg),
};

/** Changes whenever the same input could come out as different files: the seed's cache is keyed by it. */
export const PROCESSING_SIGNATURE = JSON.stringify({ version: 1, libvips: sharp.versions.vips, widths: PHOTO_WIDTHS, encoders: ENCODER_SETTINGS });

/** The widths made of a photo `width` wide: the targets below it, then its own width or the largest target. */
function widthsFor(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  return [...PHOTO_WIDTHS.filter((target) => target < Math.min(width, largest)), Math.min(width, largest)];
}

const keyOf = (bytes: Buffer, format: PhotoFormat) => `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[format]}`;

/**
 * Every variant of one photo: upright (the EXIF orientation applied), in sRGB, on white where it
 * was transparent, and with nothing else of the original: the pixels are decoded to a raw buffer
 * and encoded again, so no EXIF, GPS, XMP or ICC block can travel along. The original is decoded
 * once; each width is resized from the largest.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (!sniffImage(input)) throw new PhotoRejection(415, READABLE);
  const options: SharpOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejection(415, READABLE);
  }
  const { width = 0, height = 0 } = metadata;
  // From the header, before any pixel is decoded: a small file can claim a huge picture.
  if (width * height > PHOTO_MAX_PIXELS) {
    throw new PhotoRejection(
      413,
      `is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels); the most a photo may have is ${PHOTO_MAX_PIXELS / 1e6} megapixels`,
    );
  }
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, options)
      .rotate()
      .resize({ width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], height: ENCODABLE_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejection(400, 'could not be read: the file may be damaged or cut short');
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const variants: EncodedVariant[] = [];
  for (const targetWidth of widthsFor(raw.width)) {
    const resized =
      targetWidth === raw.width
        ? { data: base.data, info: raw }
        : await sharp(base.data, { raw })
            .resize({ width: targetWidth })
            .raw()
            .toBuffer({ resolveWithObject: true })
            .then(({ data, info }) => ({ data, info: { width: info.width, height: info.height, channels: info.channels } }));
    for (const format of PHOTO_FORMATS) {
      const bytes = await ENCODE[format](sharp(resized.data, { raw: resized.info })).toBuffer();
      variants.push({ format, width: resized.info.width, height: resized.info.height, key: keyOf(bytes, format), bytes });
    }
  }
  return { width: raw.width, height: raw.height, variants };
}

/**
 * At most `limit` photos are processed at once in this process, first come first served. An
 * upload hands in its files one at a time, so two sellers uploading take turns, and a dozen
 * large files from one of them wait in line instead of taking every thread libuv has (which
 * the API's file reads and the database driver share).
 */
export class PhotoQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get pending(): number {
    return this.waiting.length;
  }
}
