import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// A crowded CI runner can take longer than the default second to show what a test waits for.
configure({ asyncUtilTimeout: 5_000 });

// react-router 7 reads TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia. Nothing here
// prefers reduced motion. (A file of a jsdom project may switch to the node environment, which
// has no window at all.)
if (typeof window !== 'undefined')
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;

// The shell's layout scrolls a new page to its top; jsdom lays nothing out and reports
// scrollTo as "not implemented". There is nothing to scroll here.
if (typeof window !== 'undefined') window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom has <dialog> without its methods or its close requests. This fake does what our
// dialogs rely on: showModal() opens and focuses, close() closes and fires `close`, Escape fires
// a cancelable `cancel` at the topmost modal dialog and closes it unless cancelled. (Inertness
// of the page behind is not imitated; the browser suite checks the real thing.)
if (typeof window !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const modals: HTMLDialogElement[] = [];
  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open || !this.isConnected) throw new DOMException('The dialog cannot be shown as modal', 'InvalidStateError');
    this.open = true;
    modals.push(this);
    (this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    if (modals.includes(this)) modals.splice(modals.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  // On window, so that it comes after the page's own keydown listeners, as the browser's close request does.
  window.addEventListener('keydown', (event) => {
    const top = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
