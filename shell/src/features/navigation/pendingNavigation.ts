/**
 * Whether a move is waiting for its screen: a store outside React's context, so telling the
 * progress bar re-renders the bar alone (a context change would reach a screen kept as the
 * server rendered it, which React would then have to hydrate).
 */
let pending = false;
const listeners = new Set<() => void>();

export function setPendingNavigation(next: boolean): void {
  if (next === pending) return;
  pending = next;
  for (const listener of listeners) listener();
}

export function subscribePendingNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isNavigationPending = () => pending;
