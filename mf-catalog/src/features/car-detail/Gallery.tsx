import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import type { Car } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { VisuallyHidden, focusRing, theme } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Picture } from '@usedcars/shared-ui/picture';

/**
 * How wide the main photo is drawn: the car's page is one column below 784 px (the page's 16 px
 * gutters on each side), then two columns of the container (at most 1310 px) with a 32 px gap
 * (docs/performance.md, "Pictures").
 */
const MAIN_SIZES = '(max-width: 783px) calc(100vw - 32px), (max-width: 1341px) calc(50vw - 32px), 623px';
const THUMB_SIZES = '64px';
const FULL_SIZES = 'calc(100vw - 64px)';

/** A horizontal move of at least this many pixels, more across than down, is a swipe. */
const SWIPE_PX = 40;
/** The click a mouse's drag ends in comes at once; later, it is a click of its own. */
const CLICK_AFTER_SWIPE_MS = 400;

/** The text a photo is described by: the car's name and the photo's place among the others. */
function photoAlt(carName: string, index: number, count: number): string {
  return count > 1 ? `${carName}, photo ${index + 1} of ${count}` : carName;
}

/**
 * Follows a finger (or a pen, or a dragging mouse) across an element: a swipe left shows the next
 * photo, right the previous. The element sets `touch-action: pan-y`, so the browser leaves
 * sideways moves to the page and still scrolls it up and down. A swipe ends in a click on the
 * element below the finger; `swallowClick` tells that click apart from a tap.
 */
function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  // When the last swipe ended: only a click right after it is the swipe's own. A finger's swipe
  // ends in no click at all, so a flag alone would swallow the next real tap.
  const swipedAt = useRef(-Infinity);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        swipedAt.current = -Infinity;
        if (!event.isPrimary) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
          swipedAt.current = performance.now();
          onSwipe(dx < 0 ? 1 : -1);
        }
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    swallowClick: () => {
      const swipe = performance.now() - swipedAt.current < CLICK_AFTER_SWIPE_MS;
      swipedAt.current = -Infinity;
      return swipe;
    },
  };
}

/**
 * A car's photos on its page (docs/product.md, "A car's page"): the main photo, a counter, buttons
 * and thumbnails to move, arrow keys and swipes, and a full-screen view in a dialog. A car with
 * only an `img` link shows that one picture. The box of the main photo is reserved before it
 * arrives; the first photo is the page's LCP picture.
 */
export function Gallery({ car }: { car: Car }) {
  const photos = car.photos ?? [];
  const count = Math.max(photos.length, 1);
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const thumbs = useRef<HTMLUListElement>(null);

  const show = (next: number) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    // The strip scrolls sideways at 375 px: the chosen thumbnail comes into view, the page stays put.
    thumbs.current?.children[wrapped]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const move = (direction: 1 | -1) => show(index + direction);
  const swipe = useSwipe(move);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  const photo = photos[index];
  // A photo's alt is the seller's words (the API fills in the car's name when there are none).
  const alt = photo?.alt || photoAlt(car.carName, index, count);
  const standInLabel = `${alt}: no picture`;
  const place = (
    <Counter aria-live="polite" aria-atomic="true">
      <span aria-hidden="true">
        {index + 1} / {count}
      </span>
      <VisuallyHidden>
        Photo {index + 1} of {count}
      </VisuallyHidden>
    </Counter>
  );
  const arrows = (
    <>
      <Arrow type="button" $side="left" aria-label="Previous photo" onClick={() => move(-1)}>
        <span aria-hidden="true">‹</span>
      </Arrow>
      <Arrow type="button" $side="right" aria-label="Next photo" onClick={() => move(1)}>
        <span aria-hidden="true">›</span>
      </Arrow>
    </>
  );

  return (
    <Section aria-roledescription="gallery" aria-label={`Photos of ${car.carName}`} onKeyDown={onKeyDown}>
      <Stage {...swipe.handlers}>
        <Open
          type="button"
          aria-label={`${alt}: view full screen`}
          onClick={() => {
            if (!swipe.swallowClick()) setFullScreen(true);
          }}
        >
          <Picture
            photo={photo}
            src={car.img}
            resolveUrl={carImageUrl}
            alt={alt}
            standInLabel={standInLabel}
            sizes={MAIN_SIZES}
            width={800}
            height={500}
            // The car's picture is what the page is for: the HTML asks for it first.
            priority={index === 0}
            eager
          />
        </Open>
        {count > 1 && arrows}
        {count > 1 && place}
      </Stage>
      {count > 1 && (
        <Thumbs ref={thumbs}>
          {photos.map((thumb, at) => (
            <li key={thumb.id}>
              <Thumb type="button" aria-label={`Show photo ${at + 1} of ${count}`} aria-current={at === index ? 'true' : undefined} onClick={() => show(at)}>
                <Picture
                  photo={thumb}
                  src={thumb.src}
                  resolveUrl={carImageUrl}
                  alt=""
                  standInLabel={`${thumb.alt || photoAlt(car.carName, at, count)}: no picture`}
                  sizes={THUMB_SIZES}
                  width={64}
                  height={40}
                />
              </Thumb>
            </li>
          ))}
        </Thumbs>
      )}
      {fullScreen && (
        <Dialog title={car.carName} onClose={() => setFullScreen(false)} size="full" closeLabel="Close full-screen view">
          <FullStage {...swipe.handlers}>
            <Picture
              photo={photo}
              src={car.img}
              resolveUrl={carImageUrl}
              alt={alt}
              standInLabel={standInLabel}
              sizes={FULL_SIZES}
              width={800}
              height={500}
              eager
            />
            {count > 1 && arrows}
          </FullStage>
          {count > 1 && <FullCounter>{place}</FullCounter>}
        </Dialog>
      )}
    </Section>
  );
}

const Section = styled.section`
  min-width: 0;
`;

/* The box is reserved (16 / 10) before the photo arrives; the photo covers it. */
const Stage = styled.div`
  position: relative;
  aspect-ratio: 16 / 10;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.color.line};
  touch-action: pan-y;
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Open = styled.button`
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  ${focusRing};
  &:focus-visible {
    outline-offset: -4px;
  }
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 8px;
  transform: translateY(-50%);
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: rgba(16, 24, 40, 0.6);
  color: #fff;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  ${focusRing};
`;

const Counter = styled.p`
  position: absolute;
  right: 8px;
  bottom: 8px;
  margin: 0;
  padding: 4px 10px;
  border-radius: 999px;
  background: rgba(16, 24, 40, 0.7);
  color: #fff;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
`;

/* One row that scrolls sideways on a phone: its height is fixed, so nothing below moves. */
const Thumbs = styled.ul`
  display: flex;
  gap: 8px;
  margin: 12px 0 0;
  padding: 4px;
  list-style: none;
  overflow-x: auto;
  li {
    flex: none;
  }
`;

const Thumb = styled.button`
  display: block;
  width: 64px;
  height: 40px;
  padding: 0;
  border: 2px solid transparent;
  border-radius: 6px;
  overflow: hidden;
  background: ${theme.color.line};
  cursor: pointer;
  box-sizing: content-box;
  &[aria-current='true'] {
    border-color: ${theme.color.brand};
  }
  ${focusRing};
  img {
    display: block;
    width: 64px;
    height: 40px;
    object-fit: cover;
  }
`;

const FullStage = styled.div`
  position: relative;
  touch-action: pan-y;
  img {
    display: block;
    width: 100%;
    height: auto;
    max-height: calc(100vh - 160px);
    max-height: calc(100dvh - 160px);
    object-fit: contain;
    background: ${theme.color.ink};
  }
`;

/* In the dialog the counter sits below the photo, not over it. */
const FullCounter = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 12px;
  p {
    position: static;
  }
`;
