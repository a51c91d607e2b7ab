import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts may render now: one more each time the browser has painted, so each
 * part is its own commit (and its own layout) rather than all of them in one long task
 * (docs/performance.md, "The Releases screen"). The first is allowed at once.
 */
export function useOneAtATime(total: number): number {
  const [allowed, setAllowed] = useState(1);
  const waiting = allowed < total;
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: by then the last part is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAllowed((before) => before + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting, allowed]);
  return Math.min(allowed, total);
}
