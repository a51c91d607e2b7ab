import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How many of `total` parts may render now, and `done(index)` for a part to say its turn is over
 * (rendered, or waiting for its own reads): the next one is allowed once the browser has painted,
 * so each part is a commit and a layout of its own rather than all of them one long task, and no
 * new update interrupts a part's render in the meantime (docs/performance.md, "The Releases screen").
 */
export function useOneAtATime(total: number): { allowed: number; done: (index: number) => void } {
  const [allowed, setAllowed] = useState(1);
  const pending = useRef<{ frame: number; timer?: ReturnType<typeof setTimeout> } | null>(null);
  // The parts allowed once the last move is rendered: a part saying "done" again before that render must not queue a second move.
  const granted = useRef(1);
  const done = useCallback(
    (index: number) => {
      // Only the last part allowed moves the turn on; an earlier one saying so again changes nothing.
      if (pending.current || index + 1 !== granted.current || index + 1 >= total) return;
      // A frame, then a task: by then the part is painted.
      const next = { frame: 0 } as { frame: number; timer?: ReturnType<typeof setTimeout> };
      next.frame = requestAnimationFrame(() => {
        next.timer = setTimeout(() => {
          pending.current = null;
          granted.current = index + 2;
          setAllowed((before) => Math.max(before, index + 2));
        });
      });
      pending.current = next;
    },
    [total],
  );
  useEffect(
    () => () => {
      if (!pending.current) return;
      cancelAnimationFrame(pending.current.frame);
      clearTimeout(pending.current.timer);
      pending.current = null;
    },
    [],
  );
  return { allowed: Math.min(allowed, total), done };
}
