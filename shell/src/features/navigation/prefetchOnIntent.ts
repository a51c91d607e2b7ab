/**
 * Prefetch on intent (docs/architecture.md, "Navigation between screens"): a link pointed at, focused
 * or touched has its screen's code and data fetched, so the click shows the screen from memory.
 */
import { inSiteAddress, type Here } from './linkNavigation';
import { prefetchCallsToActionInView, whenIdle } from './prefetchWhenVisible';

/** The parts of navigator.connection the decision reads (Chromium has it; other browsers do not). */
export interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

export interface IntentRules {
  /** In the route table (the 404 catch-all aside). */
  isAppRoute: (pathname: string) => boolean;
  /** The registry allows preparing it: not a form that writes, not the payment page. */
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

/**
 * The address to prepare for an intent on this link, or null: nothing when the visitor asked to save
 * data or is on a slow connection, for a link the router would not take, a screen that must not be
 * prepared, the address on show, or an address prepared less than PREFETCH_AGAIN_MS ago.
 */
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

/** Runs `task` once the browser is idle, unless the visitor saves data or is on a slow connection. Returns the cancel. */
export function prefetchWhenIdle(task: () => void): () => void {
  return savesData(pageConnection()) ? () => undefined : whenIdle(task);
}

/**
 * Listens for intent on the page's links: pointerenter (after HOVER_DELAY_MS at rest on the link),
 * focus and touchstart; and a screen's main call to action once it is in view. `prepare` fetches
 * an address's code and data, and for a pointer or focus renders its screen ahead. Returns the uninstall.
 */
export function installPrefetchOnIntent(rules: IntentRules, prepare: (address: string, how: { prerender: boolean }) => void): () => void {
  // Calls to action in view are prepared once per PREFETCH_AGAIN_MS; an intent again only when it
  // repeats the last one, since each intent also renders its screen ahead (one at a time).
  const prepared = new Map<string, number>();
  let lastIntent = new Map<string, number>();
  let hover: { link: Element; timer: ReturnType<typeof setTimeout> } | null = null;

  // The address is judged when the intent is seen (Save-Data as it is then), and counted as prepared.
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
