import { useRef, type PointerEvent } from 'react';

/** A horizontal move of at least this many pixels, more across than down, is a swipe. */
const SWIPE_PX = 40;
/** The click a mouse's drag ends in comes at once; later, it is a click of its own. */
const CLICK_AFTER_SWIPE_MS = 400;

/**
 * Follows a finger (or a pen, or a dragging mouse) across an element: a swipe left shows the next
 * photo, right the previous. The element sets `touch-action: pan-y`, so the browser leaves
 * sideways moves to the page and still scrolls it up and down. A swipe ends in a click on the
 * element below the finger; `swallowClick` tells that click apart from a tap.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
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
