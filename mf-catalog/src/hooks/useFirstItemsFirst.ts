import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigationType } from 'react-router-dom';

const noSubscription = () => () => undefined;

/**
 * How many of a list's items to render now. After a move to the screen, the first `first` items
 * come at once and the rest once the browser has painted them, so a move shows the top of the list
 * without waiting for the whole of it (docs/performance.md, "The first row first"). A page the
 * server rendered is hydrated whole, and Back or Forward renders whole so its scroll position holds.
 */
export function useFirstItemsFirst(total: number, first: number): number {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const arrivedByMove = useNavigationType() !== 'POP';
  const [staged, setStaged] = useState(() => !hydrating && arrivedByMove);
  const waiting = staged && total > first;
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: by then the first items are painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setStaged(false)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  return waiting ? first : total;
}
