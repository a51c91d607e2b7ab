/**
 * A press on a button the server rendered, made before React has hydrated it, is held and made
 * again once it has (docs/architecture.md, "Presses before the page has hydrated"). Without this
 * the press does nothing, and a form's submit button would send the form the browser's way.
 */

/** How long a held press waits for its button to hydrate; a button that never does is left as it was. */
const HYDRATE_WAIT_MS = 10_000;
const CHECK_EVERY_MS = 50;
const PRESSABLE = 'button, input[type="submit"], input[type="button"]';

/** Whether React has hydrated (or rendered) this element: it keeps its fiber on a key of its own. */
export function hydratedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

function unhydratedPressable(target: EventTarget | null, root: Element): HTMLElement | null {
  const pressable = target instanceof Element ? target.closest<HTMLElement>(PRESSABLE) : null;
  if (!pressable || !root.contains(pressable) || hydratedByReact(pressable)) return null;
  return pressable;
}

function pressWhenHydrated(pressable: HTMLElement): void {
  const giveUpAt = Date.now() + HYDRATE_WAIT_MS;
  const check = () => {
    if (!pressable.isConnected || Date.now() > giveUpAt) return;
    if (hydratedByReact(pressable)) pressable.click();
    else setTimeout(check, CHECK_EVERY_MS);
  };
  check();
}

/** Set once the listener is in place: the first script and, without it (a development build), main install it. */
const INSTALLED_ATTRIBUTE = 'data-early-presses';

/**
 * Listens from the page's first script (shell/src/start.ts) on a page whose `root` the server
 * rendered: a left click on a button inside it that React has not hydrated is stopped, and the
 * button is clicked again once it has hydrated.
 */
export function holdEarlyPresses(root: Element | null): void {
  if (!root || document.documentElement.hasAttribute(INSTALLED_ATTRIBUTE)) return;
  document.documentElement.setAttribute(INSTALLED_ATTRIBUTE, '');
  window.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.defaultPrevented) return;
      const pressable = unhydratedPressable(event.target, root);
      if (!pressable || (pressable as HTMLButtonElement).disabled) return;
      event.preventDefault();
      event.stopPropagation();
      pressWhenHydrated(pressable);
    },
    { capture: true },
  );
}
