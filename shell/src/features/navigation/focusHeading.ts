/** How long a move watches for the new screen's heading (it may come, or be rendered again, with the screen's data). */
const HEADING_WAIT_MS = 5_000;

/** Fields a screen focuses itself: a move does not take focus from them. */
const OWN_FOCUS = 'input, select, textarea, [contenteditable="true"]';

/** Inside a screen rendered ahead, out of sight (ScreenSlots.tsx): React hides it with an inline display none. */
function renderedAhead(element: HTMLElement, main: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== main; node = node.parentElement) if (node.style.display === 'none') return true;
  return false;
}

/**
 * After a move, focus goes to the new screen's h1 (tabIndex -1), so a screen reader reads the new
 * page and Tab starts from it. The heading is waited for if the screen renders it later, and focused
 * again if the screen renders it anew (its data arriving) while nothing else took focus.
 */
export function focusHeadingOf(main: HTMLElement | null): () => void {
  if (!main) return () => undefined;
  let focused: HTMLElement | null = null;
  const attempt = () => {
    if (focused?.isConnected) return;
    const heading = [...main.querySelectorAll<HTMLElement>('h1')].find((h1) => !renderedAhead(h1, main));
    if (!heading || heading === focused) return;
    const active = document.activeElement;
    const elsewhere = !!active && active !== document.body;
    // A field the screen focused keeps focus; so does whatever the visitor focused after the first heading.
    if (elsewhere && (active.closest(OWN_FOCUS) || focused)) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    focused = heading;
  };
  attempt();
  const observer = new MutationObserver(attempt);
  observer.observe(main, { childList: true, subtree: true });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  return stop;
}
