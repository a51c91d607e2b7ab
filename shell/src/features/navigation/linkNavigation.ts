// docs/architecture.md, "Navigation between screens", "How links are taken over".
import { hydratedByReact } from './earlyPresses';

export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

export interface Here {
  origin: string;
  pathname: string;
  search: string;
}

export function clientNavigationAddress(click: LinkClick, here: Here, isAppRoute: (pathname: string) => boolean): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  return inSiteAddress(click.target, here, isAppRoute);
}

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

// Two bundles, each with its own copy of this module, meet through the document: this attribute and an event.
const INSTALLED_ATTRIBUTE = 'data-link-navigation';
const ROUTER_EVENT = 'usedcars:link-router';

const ROUTER_WAIT_MS = 5_000;

/** Before the route table has loaded, every same-origin address might be the site's. */
const anyPath = () => true;

function managedByReact(target: EventTarget | null): boolean {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  return !!anchor && hydratedByReact(anchor);
}

/** Capture phase for links React has not hydrated: React stops such a click from going further. */
export function installLinkNavigation(): void {
  if (document.documentElement.hasAttribute(INSTALLED_ATTRIBUTE)) return;
  document.documentElement.setAttribute(INSTALLED_ATTRIBUTE, '');
  // The router the page's bundle announced, and a click's address made before it was up.
  let router: Router | null = null;
  let waiting: string | null = null;

  const take = (event: MouseEvent): void => {
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
  };

  const routerChanged = (next: Router | null): void => {
    router = next;
    if (!next || waiting === null) return;
    const address = waiting;
    waiting = null;
    if (next.isAppRoute(new URL(address, window.location.origin).pathname)) next.move(address);
    else window.location.assign(address);
  };

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

export function setLinkNavigation(move: Move, isAppRoute: (pathname: string) => boolean): () => void {
  window.dispatchEvent(new CustomEvent<Router | null>(ROUTER_EVENT, { detail: { move, isAppRoute } }));
  return () => void window.dispatchEvent(new CustomEvent<Router | null>(ROUTER_EVENT, { detail: null }));
}
