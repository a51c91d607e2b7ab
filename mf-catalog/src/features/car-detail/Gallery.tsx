import { useRef, useState, type KeyboardEvent } from 'react';
import type { Car } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { VisuallyHidden } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Picture } from '@usedcars/shared-ui/picture';
import { Arrow, Counter, FullCounter, FullStage, Open, Section, Stage } from './galleryStyles';
import { GalleryThumbs } from './GalleryThumbs';
import { photoAlt } from './photoAlt';
import { useSwipe } from './useSwipe';

/**
 * How wide the main photo is rendered: the car's page is one column below 784 px (the page's 16 px
 * gutters on each side), then two columns of the container (at most 1310 px) with a 32 px gap
 * (docs/performance.md, "Pictures").
 */
const MAIN_SIZES = '(max-width: 783px) calc(100vw - 32px), (max-width: 1341px) calc(50vw - 32px), 623px';
const FULL_SIZES = 'calc(100vw - 64px)';

/**
 * A car's photos on its page (docs/product.md, "Car detail"): the main photo, a counter, buttons
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
  const shown = { photo, src: car.img, resolveUrl: carImageUrl, alt, placeholderLabel: `${alt}: no picture`, width: 800, height: 500, eager: true };
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
          {/* The car's picture is what the page is for: the HTML asks for it first. */}
          <Picture {...shown} sizes={MAIN_SIZES} priority={index === 0} />
        </Open>
        {count > 1 && arrows}
        {count > 1 && place}
      </Stage>
      {count > 1 && <GalleryThumbs carName={car.carName} photos={photos} index={index} listRef={thumbs} onShow={show} />}
      {fullScreen && (
        <Dialog title={car.carName} onClose={() => setFullScreen(false)} size="full" closeLabel="Close full-screen view">
          <FullStage {...swipe.handlers}>
            <Picture {...shown} sizes={FULL_SIZES} />
            {count > 1 && arrows}
          </FullStage>
          {count > 1 && <FullCounter>{place}</FullCounter>}
        </Dialog>
      )}
    </Section>
  );
}
