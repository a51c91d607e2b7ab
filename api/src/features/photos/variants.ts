import { PHOTO_SRC_WIDTH } from '@usedcars/shared-contract';
import type { EncodedVariant } from './processing';

/** The JPEG a photo's `src` (and its car's `img`) points at: the narrowest at least PHOTO_SRC_WIDTH wide, else the widest. */
export function srcVariant<V extends { format: string; width: number }>(variants: readonly V[]): V | undefined {
  const jpegs = variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  return jpegs.find((variant) => variant.width >= PHOTO_SRC_WIDTH) ?? jpegs.at(-1);
}

/** A variant as its car_photo_variants row, from the encoded bytes or from the seed cache's size. */
export function variantRow(variant: Omit<EncodedVariant, 'bytes'> & { bytes?: Buffer; size?: number }) {
  return { format: variant.format, width: variant.width, height: variant.height, key: variant.key, bytes: variant.bytes?.length ?? variant.size ?? 0 };
}
