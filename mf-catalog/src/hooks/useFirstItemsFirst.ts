import { startTransition, useEffect, useState } from 'react';
import { useNavigationType } from 'react-router-dom';

/**
 * How many of a list's items to render now. After a move to the screen, the first `step` items
 * come at once and the rest `step` at a time, each batch once the browser has painted the last,
 * so a move shows the top of the list without waiting for the whole of it, and a press meanwhile
 * waits for one batch at most (docs/performance.md, "The first row first"). A page the server
 * rendered is hydrated whole, and Back or Forward renders whole so its scroll position holds.
 */
export function useFirstItemsFirst(total: number, step: number): number {
  // A document's first screen, the one a server renders and the page hydrates, is a POP.
  const arrivedByNavigation = useNavigationType() !== 'POP';
  const [limit, setLimit] = useState(() => (arrivedByNavigation ? step : Infinity));
  const shown = Math.min(total, limit);
  const waiting = shown < total;
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: by then the last batch is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLimit((before) => before + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting, shown, step]);
  return shown;
}
