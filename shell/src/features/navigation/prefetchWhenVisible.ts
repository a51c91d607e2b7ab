import { CALL_TO_ACTION_SELECTOR } from '@usedcars/shared-contract';

/** A call to action this close below the fold counts as in view: a visitor reaches it with the first scroll. */
const ABOUT_TO_SHOW = '0px 0px 50% 0px';

/** How long an idle callback may wait for the browser to be idle before it runs anyway. */
const IDLE_TIMEOUT_MS = 2_000;

export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * Watches the page for links marked as a screen's main call to action (CALL_TO_ACTION): the first
 * time one is in view, or within half a screen below it, `claim` judges it (the address to prepare,
 * or null), and `prepare` fetches that address when the browser is idle. Returns the uninstall.
 */
export function prefetchCallsToActionInView(root: HTMLElement, claim: (link: Element) => string | null, prepare: (address: string) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const considered = new WeakSet<Element>();
  const pending = new Set<() => void>();
  const later = (task: () => void) => {
    const cancel = whenIdle(() => {
      pending.delete(cancel);
      task();
    });
    pending.add(cancel);
  };

  const inView = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting || considered.has(target)) continue;
        considered.add(target);
        inView.unobserve(target);
        const address = claim(target);
        if (address !== null) later(() => prepare(address));
      }
    },
    { rootMargin: ABOUT_TO_SHOW },
  );
  // Links of screens that left the page are let go: only those on show now are watched.
  const watchShown = () => {
    inView.disconnect();
    for (const link of root.querySelectorAll(CALL_TO_ACTION_SELECTOR)) if (!considered.has(link)) inView.observe(link);
  };
  let rescanning = false;
  const changes = new MutationObserver(() => {
    if (rescanning) return;
    rescanning = true;
    later(() => {
      rescanning = false;
      watchShown();
    });
  });
  changes.observe(root, { childList: true, subtree: true });
  watchShown();
  return () => {
    changes.disconnect();
    inView.disconnect();
    for (const cancel of pending) cancel();
  };
}
