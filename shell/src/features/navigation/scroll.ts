/**
 * Where each history entry was scrolled to when the page moved away from it, so Back and Forward
 * return there; the page restores it itself (history.scrollRestoration 'manual'), because the
 * browser would scroll before the screen it returns to is on show.
 */
const positions = new Map<string, number>();

/** How long a restored position waits for a screen tall enough to hold it (its data arriving). */
const RESTORE_WAIT_MS = 2_000;

/** While the page runs; a reload or a return from another site is the browser's again. */
export function takeOverScrollRestoration(): () => void {
  const manual = () => (window.history.scrollRestoration = 'manual');
  const auto = () => (window.history.scrollRestoration = 'auto');
  manual();
  window.addEventListener('pagehide', auto);
  window.addEventListener('pageshow', manual);
  return () => {
    window.removeEventListener('pagehide', auto);
    window.removeEventListener('pageshow', manual);
    auto();
  };
}

export function rememberScroll(key: string): void {
  positions.set(key, window.scrollY);
}

/** Back or Forward: the entry's position, tried again each frame until the screen is tall enough. */
export function restoreScroll(key: string): () => void {
  const top = positions.get(key) ?? 0;
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

export function scrollToTop(): void {
  window.scrollTo(0, 0);
}
