import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { CarPhoto } from '@usedcars/shared-contract';
// The entry, not './serverHead': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { usePriorityImage } from '@usedcars/shared-ui';

/** docs/performance.md, "Pictures". */
export interface PictureProps {
  photo?: CarPhoto | null;
  /** Shown without a photo (a car's `img`). */
  src: string;
  /** The API's paths are relative. */
  resolveUrl?: (url: string) => string;
  alt: string;
  sizes: string;
  /** The box reserved before anything arrives. */
  width: number;
  height: number;
  /** The page's LCP: named in the head, fetched first, never lazily. */
  priority?: boolean;
  eager?: boolean;
  /** Beside the LCP picture (a gallery's thumbnails): asked for after it. */
  secondary?: boolean;
  placeholderLabel: string;
  className?: string;
  style?: CSSProperties;
}

const identity = (url: string) => url;

function resolveSrcset(srcset: string, resolveUrl: (url: string) => string): string {
  if (resolveUrl === identity) return srcset;
  return srcset
    .split(',')
    .map((candidate) => {
      const [url = '', descriptor] = candidate.trim().split(/\s+/);
      return descriptor ? `${resolveUrl(url)} ${descriptor}` : resolveUrl(url);
    })
    .join(', ');
}

export function Picture({
  photo,
  src,
  resolveUrl = identity,
  alt,
  sizes,
  width,
  height,
  priority = false,
  eager = false,
  secondary = false,
  placeholderLabel,
  className,
  style,
}: PictureProps) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  const fallbackSrc = resolveUrl(photo ? photo.src : src);
  const webp = photo ? resolveSrcset(photo.srcset.webp, resolveUrl) : undefined;
  const avif = photo ? resolveSrcset(photo.srcset.avif, resolveUrl) : undefined;
  const jpeg = photo ? resolveSrcset(photo.srcset.jpeg, resolveUrl) : undefined;

  // No AVIF for the LCP picture: the head names one format (docs/performance.md, "Which format the preload names").
  const preload = photo ? { srcset: webp, sizes, type: 'image/webp' } : undefined;
  const priorityProps = usePriorityImage(priority ? fallbackSrc : null, preload);

  // A server-rendered picture may fail before onError is attached (docs/performance.md, "A picture that fails").
  useEffect(() => {
    const img = imgRef.current;
    if (!img || !img.complete || img.naturalWidth > 0 || !img.getAttribute('src')) return;
    if (typeof img.decode !== 'function') {
      setFailed(true);
      return;
    }
    let live = true;
    img.decode().then(
      () => undefined,
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [photo?.id, src]);

  // A different picture in the same place (a gallery moving on) gets its own chance.
  const [shown, setShown] = useState(photo?.id ?? src);
  if (shown !== (photo?.id ?? src)) {
    setShown(photo?.id ?? src);
    setFailed(false);
  }

  const boxWidth = photo?.width ?? width;
  const boxHeight = photo?.height ?? height;
  if (failed) {
    return (
      <img
        className={className}
        style={style}
        src={placeholderUrl(boxWidth, boxHeight)}
        alt={placeholderLabel}
        width={boxWidth}
        height={boxHeight}
        data-placeholder=""
      />
    );
  }

  const loading = priority ? priorityProps.loading : eager ? 'eager' : 'lazy';
  const img = (
    <img
      ref={imgRef}
      className={className}
      style={style}
      src={fallbackSrc}
      srcSet={jpeg}
      sizes={photo ? sizes : undefined}
      alt={alt}
      width={boxWidth}
      height={boxHeight}
      loading={loading}
      fetchPriority={priority ? priorityProps.fetchPriority : secondary ? 'low' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={() => setFailed(true)}
    />
  );
  if (!photo) return img;
  return (
    <picture>
      {!priority && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/** A data: address: no request, and the same box, so nothing moves. */
export function placeholderUrl(width: number, height: number): string {
  const scale = Math.min(width / 160, height / 100) * 0.6;
  const x = (width - 160 * scale) / 2;
  const y = (height - 100 * scale) / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#e3e6ec"/>` +
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})" fill="#b3bac6">` +
    `<path d="M20 62 L32 40 Q36 32 46 32 L108 32 Q118 32 124 40 L138 58 L150 62 Q158 64 158 72 L158 80 L2 80 L2 70 Q2 62 20 62 Z"/>` +
    `<circle cx="40" cy="80" r="14" fill="#8d96a5"/><circle cx="122" cy="80" r="14" fill="#8d96a5"/>` +
    `<path d="M44 40 L58 40 L58 58 L34 58 Z M66 40 L104 40 L120 58 L66 58 Z" fill="#f6f7f9"/>` +
    `</g></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
