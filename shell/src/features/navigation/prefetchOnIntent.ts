// docs/architecture.md, "Navigation between screens".
import { inSiteAddress, type Here } from './linkNavigation';
import { prefetchCallsToActionInView, whenIdle } from './prefetchWhenVisible';

/** Chromium has it; other browsers do not. */
export interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

export interface IntentRules {
  isAppRoute: (pathname: string) => boolean;
  mayPrefetch: (pathname: string) => boolean;
}

/** An address is prepared at most once in this time: the page's cache keeps data fresh as long. */
export const PREFETCH_AGAIN_MS = 30_000;
/** A pointer must rest on a link this long: a sweep across the navbar fetches nothing. */
export const HOVER_DELAY_MS = 50;

const SLOW = new Set(['slow-2g', '2g']);

const pageConnection = () => (navigator as Navigator & { connection?: Connection }).connection;

function savesData(connection: Connection | undefined): boolean {
  return !!connection?.saveData || SLOW.has(connection?.effectiveType ?? '');
}

export function intentAddress(
  target: EventTarget | null,
  here: Here,
  rules: IntentRules,
  { connection, prepared, now }: { connection: Connection | undefined; prepared: ReadonlyMap<string, number>; now: number },
): string | null {
  if (savesData(connection)) return null;
  const address = inSiteAddress(target, here, rules.isAppRoute);
  if (address === null) return null;
  const url = new URL(address, here.origin);
  if (url.pathname === here.pathname && url.search === here.search) return null;
  if (!rules.mayPrefetch(url.pathname)) return null;
  const at = prepared.get(`${url.pathname}${url.search}`);
  if (at !== undefined && now - at < PREFETCH_AGAIN_MS) return null;
  return `${url.pathname}${url.search}`;
}

export function prefetchWhenIdle(task: () => void): () => void {
  return savesData(pageConnection()) ? () => undefined : whenIdle(task);
}

export function installPrefetchOnIntent(rules: IntentRules, prepare: (address: string, how: { prerender: boolean }) => void): () => void {
  // Calls to action in view are prepared once per PREFETCH_AGAIN_MS; an intent again only when it
  // repeats the last one, since each intent also renders its screen ahead (one at a time).
  const prepared = new Map<string, number>();
  let lastIntent = new Map<string, number>();
  let hover: { link: Element; timer: ReturnType<typeof setTimeout> } | null = null;

  const claim = (target: EventTarget | null, seen: Map<string, number> = prepared) => {
    const address = intentAddress(target, window.location, rules, { connection: pageConnection(), prepared: seen, now: Date.now() });
    if (address !== null) seen.set(address, Date.now());
    return address;
  };
  // A touch may be the start of a scroll across the list: its link's screen is fetched, not rendered.
  const prefetch = (target: EventTarget | null, prerender = true) => {
    const address = claim(target, lastIntent);
    if (address === null) return;
    lastIntent = new Map([[address, Date.now()]]);
    prepare(address, { prerender });
  };
  const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('a[href]') : null);

  // pointerenter does not bubble: pointerover tells which link the pointer entered.
  const onOver = (event: PointerEvent) => {
    const link = linkOf(event.target);
    if (!link || link === hover?.link) return;
    if (hover) clearTimeout(hover.timer);
    hover = { link, timer: setTimeout(() => prefetch(link), HOVER_DELAY_MS) };
  };
  const onOut = (event: PointerEvent) => {
    if (!hover || (event.relatedTarget instanceof Node && hover.link.contains(event.relatedTarget))) return;
    clearTimeout(hover.timer);
    hover = null;
  };
  const onFocus = (event: FocusEvent) => prefetch(event.target);
  const onTouch = (event: TouchEvent) => prefetch(event.target, false);

  // In the capture phase: React stops these events on markup it has not hydrated (a screen kept as the server rendered it).
  const options = { capture: true, passive: true };
  window.addEventListener('pointerover', onOver, options);
  window.addEventListener('pointerout', onOut, options);
  window.addEventListener('focusin', onFocus, options);
  window.addEventListener('touchstart', onTouch, options);
  const stopWatchingCallsToAction = prefetchCallsToActionInView(document.body, claim, (address) => prepare(address, { prerender: false }));
  return () => {
    stopWatchingCallsToAction();
    if (hover) clearTimeout(hover.timer);
    window.removeEventListener('pointerover', onOver, options);
    window.removeEventListener('pointerout', onOut, options);
    window.removeEventListener('focusin', onFocus, options);
    window.removeEventListener('touchstart', onTouch, options);
  };
}
