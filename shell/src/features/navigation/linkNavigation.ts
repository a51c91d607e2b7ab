/**
 * The page's router takes over clicks on in-site links that nothing else handled: links in
 * markup the server rendered and the page keeps as it is (docs/architecture.md, "Moving between
 * screens"). React Router's own links handle their clicks first; this sees what is left.
 */
import { hydratedByReact } from './earlyPresses';

/** The parts of a click the decision reads (a MouseEvent has them all). */
export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Where the page is: its origin and address. */
export interface Here {
  origin: string;
  pathname: string;
  search: string;
}

/**
 * The in-site address the router should move to for this click, or null when the browser keeps
 * it: a modified or non-left click, a new tab or a download, another origin, an address outside
 * the route table, or a jump within the same page (#main).
 */
export function clientNavigationAddress(click: LinkClick, here: Here, isAppRoute: (pathname: string) => boolean): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  return inSiteAddress(click.target, here, isAppRoute);
}

/**
 * The in-site address of the link an event reached, or null for one the browser keeps: a new tab
 * or a download, another origin, an address outside the route table, a jump within the same page.
 */
export function inSiteAddress(eventTarget: EventTarget | null, here: Here, isAppRoute: (pathname: string) => boolean): string | null {
  const target = eventTarget as Element | null;
  const anchor = typeof target?.closest === 'function' ? target.closest('a[href]') : null;
  if (!anchor || !(anchor instanceof HTMLAnchorElement)) return null;
  const frame = anchor.getAttribute('target');
  if ((frame && frame !== '_self') || anchor.hasAttribute('download')) return null;
  if (/\bexternal\b/i.test(anchor.getAttribute('rel') ?? '')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, `${here.origin}${here.pathname}${here.search}`);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  if (!isAppRoute(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

type Move = (address: string) => void;

interface Router {
  move: Move;
  isAppRoute: (pathname: string) => boolean;
}

/**
 * The listeners run in the page's first script (shell/src/start.ts), the router in the scripts it
 * loads, each bundle with its own copy of this module: they meet through the document, an
 * attribute saying the listeners are in place and an event carrying the router.
 */
const INSTALLED_ATTRIBUTE = 'data-link-navigation';
const ROUTER_EVENT = 'usedcars:link-router';

let router: Router | null = null;
let waiting: string | null = null;

/** How long a click made before the router is up waits for it; then the browser loads the address. */
const ROUTER_WAIT_MS = 5_000;

/** Before the route table has loaded, every same-origin address might be the site's. */
const anyPath = () => true;

/** A link React rendered (or hydrated): its own handler, a React Router link's, sees the click first. */
function managedByReact(target: EventTarget | null): boolean {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  return !!anchor && hydratedByReact(anchor);
}

function take(event: MouseEvent): void {
  const address = clientNavigationAddress(event, window.location, router?.isAppRoute ?? anyPath);
  if (address === null) return;
  event.preventDefault();
  if (router) {
    router.move(address);
    return;
  }
  waiting = address;
  setTimeout(() => {
    if (waiting === address && !router) window.location.assign(address);
  }, ROUTER_WAIT_MS);
}

/**
 * Listens from the page's first script (shell/src/start.ts); a click that arrives before the
 * router is up waits for it (the document is not reloaded), then moves. A link in markup React
 * has not hydrated (a screen kept as the server rendered it, or the page still starting) is taken in
 * the capture phase: React stops such a click from going further. A link React rendered is left
 * to its handlers and taken only if none of them took it.
 */
export function installLinkNavigation(): void {
  if (document.documentElement.hasAttribute(INSTALLED_ATTRIBUTE)) return;
  document.documentElement.setAttribute(INSTALLED_ATTRIBUTE, '');
  window.addEventListener(
    'click',
    (event) => {
      if (!managedByReact(event.target)) take(event);
    },
    { capture: true },
  );
  document.addEventListener('click', (event) => {
    if (managedByReact(event.target)) take(event);
  });
  window.addEventListener(ROUTER_EVENT, (event) => routerChanged((event as CustomEvent<Router | null>).detail));
}

/** The router is up (or gone); a click that waited for it moves now (or loads, if not the site's). */
function routerChanged(next: Router | null): void {
  router = next;
  if (!next || waiting === null) return;
  const address = waiting;
  waiting = null;
  if (next.isAppRoute(new URL(address, window.location.origin).pathname)) next.move(address);
  else window.location.assign(address);
}

/** Tells the page's listeners the router is up; returns how to tell them it is gone. */
export function setLinkNavigation(move: Move, isAppRoute: (pathname: string) => boolean): () => void {
  window.dispatchEvent(new CustomEvent<Router | null>(ROUTER_EVENT, { detail: { move, isAppRoute } }));
  return () => void window.dispatchEvent(new CustomEvent<Router | null>(ROUTER_EVENT, { detail: null }));
}
